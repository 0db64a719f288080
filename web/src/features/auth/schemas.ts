import * as z from "zod/mini";

/** The rules and messages of SPEC.md section 5, the same as the server's. */
const authMessages = {
  invalidEmail: "Please enter a valid email address",
  shortPassword: "Password must be at least 6 characters",
  longPassword: "Password must be at most 1024 bytes",
  passwordsDiffer: "Passwords do not match",
} as const;

const username = z.string().check(z.trim(), z.email({ error: authMessages.invalidEmail }));
/** The server refuses longer passwords before hashing them (UTF-8 bytes, as it counts). */
const maxPasswordBytes = 1024;
const password = z.string().check(
  z.minLength(6, { error: authMessages.shortPassword }),
  // maxBytes names the rule for the parity test (a refine is otherwise anonymous).
  Object.assign(
    z.refine<string>((value) => new TextEncoder().encode(value).length <= maxPasswordBytes, {
      error: authMessages.longPassword,
    }),
    { maxBytes: maxPasswordBytes },
  ),
);

export const loginSchema = z.object({ username, password });
export type LoginValues = z.infer<typeof loginSchema>;

export const registerSchema = z
  .object({
    username,
    displayName: z
      .string()
      .check(z.trim(), z.maxLength(100, { error: "Display name must be at most 100 characters" })),
    password,
    confirmPassword: z.string(),
  })
  .check(
    z.refine((values) => values.password === values.confirmPassword, {
      error: authMessages.passwordsDiffer,
      path: ["confirmPassword"],
    }),
  );
export type RegisterValues = z.infer<typeof registerSchema>;
