import { zodResolver } from "@hookform/resolvers/zod";
import { Loader2 } from "lucide-react";
import { useForm } from "react-hook-form";
import type { RegisterData } from "@/api/use-auth";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/form-field";
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
      <Field
        label="Email"
        type="email"
        autoComplete="username"
        placeholder="you@example.com"
        error={errors.username?.message}
        {...form.register("username")}
      />
      <Field
        label="Display name"
        autoComplete="name"
        placeholder="Your name or brand"
        error={errors.displayName?.message}
        {...form.register("displayName")}
      />
      <Field
        label="Password"
        type="password"
        autoComplete="new-password"
        error={errors.password?.message}
        {...form.register("password")}
      />
      <Field
        label="Confirm password"
        type="password"
        autoComplete="new-password"
        error={errors.confirmPassword?.message}
        {...form.register("confirmPassword")}
      />
      <Button type="submit" size="lg" className="mt-2 text-base" disabled={isPending}>
        {isPending ? <Loader2 aria-hidden="true" className="size-4 animate-spin" /> : null}
        Create account
      </Button>
    </form>
  );
}
