import { Field, type FieldProps } from "@/components/ui/form-field";

/** The account's e-mail (its username), as both tabs ask for it. */
export function EmailField(props: Omit<FieldProps, "label">) {
  return (
    <Field
      label="Email"
      type="email"
      autoComplete="username"
      placeholder="you@example.com"
      {...props}
    />
  );
}

/**
 * A password field ("Password" unless `label` says otherwise); `autoComplete` tells the browser a
 * new one from the current one.
 */
export function PasswordField({
  label = "Password",
  ...props
}: Omit<FieldProps, "label" | "autoComplete"> & {
  label?: string;
  autoComplete: "current-password" | "new-password";
}) {
  return <Field label={label} type="password" {...props} />;
}
