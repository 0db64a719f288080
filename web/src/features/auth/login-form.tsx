import { zodResolver } from "@hookform/resolvers/zod";
import { Loader2 } from "lucide-react";
import { useForm } from "react-hook-form";
import type { LoginData } from "@/api/use-auth";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/form-field";
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
      <Field
        label="Email"
        type="email"
        autoComplete="username"
        placeholder="you@example.com"
        error={errors.username?.message}
        {...form.register("username")}
      />
      <Field
        label="Password"
        type="password"
        autoComplete="current-password"
        error={errors.password?.message}
        {...form.register("password")}
      />
      <Button type="submit" size="lg" className="mt-2 text-base" disabled={isPending}>
        {isPending ? <Loader2 aria-hidden="true" className="size-4 animate-spin" /> : null}
        Log in
      </Button>
    </form>
  );
}
