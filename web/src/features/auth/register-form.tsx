import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import type { RegisterData } from "@/api/use-auth";
import { Field, SubmitButton } from "@/components/ui/form-field";
import { EmailField, PasswordField } from "./account-fields";
import { type RegisterValues, registerSchema } from "./schemas";

/**
 * The register tab. The confirmation only guards against typos: it is checked here and never
 * sent; the display name is (SPEC.md section 5).
 */
export function RegisterForm({
  onSubmit,
  isPending,
}: {
  onSubmit: (data: RegisterData) => void;
  isPending: boolean;
}) {
  const form = useForm<RegisterValues>({
    resolver: zodResolver(registerSchema),
    defaultValues: { username: "", displayName: "", password: "", confirmPassword: "" },
  });
  const { errors } = form.formState;
  return (
    <form
      noValidate
      className="flex flex-col gap-4"
      onSubmit={form.handleSubmit(({ confirmPassword: _, ...data }) => onSubmit(data))}
    >
      <EmailField error={errors.username?.message} {...form.register("username")} />
      <Field
        label="Display name"
        autoComplete="name"
        placeholder="Your name or brand"
        error={errors.displayName?.message}
        {...form.register("displayName")}
      />
      <PasswordField
        autoComplete="new-password"
        error={errors.password?.message}
        {...form.register("password")}
      />
      <PasswordField
        label="Confirm password"
        autoComplete="new-password"
        error={errors.confirmPassword?.message}
        {...form.register("confirmPassword")}
      />
      <SubmitButton pending={isPending}>Create account</SubmitButton>
    </form>
  );
}
