import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import type { LoginData } from "@/api/use-auth";
import { SubmitButton } from "@/components/ui/form-field";
import { EmailField, PasswordField } from "./account-fields";
import { type LoginValues, loginSchema } from "./schemas";

/** The login tab: e-mail and password, checked by the spec's rules before anything is sent. */
export function LoginForm({
  onSubmit,
  isPending,
}: {
  onSubmit: (data: LoginData) => void;
  isPending: boolean;
}) {
  const form = useForm<LoginValues>({
    resolver: zodResolver(loginSchema),
    defaultValues: { username: "", password: "" },
  });
  const { errors } = form.formState;
  return (
    <form
      noValidate
      className="flex flex-col gap-4"
      onSubmit={form.handleSubmit((values) => onSubmit(values))}
    >
      <EmailField error={errors.username?.message} {...form.register("username")} />
      <PasswordField
        autoComplete="current-password"
        error={errors.password?.message}
        {...form.register("password")}
      />
      <SubmitButton pending={isPending}>Log in</SubmitButton>
    </form>
  );
}
