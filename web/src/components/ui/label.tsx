import type { ComponentProps } from "react";
import { cn } from "./cn";

/** A form label; pair it with a field through htmlFor. */
export function Label({ className, htmlFor, ...props }: ComponentProps<"label">) {
  return (
    // biome-ignore lint/a11y/noLabelWithoutControl: callers pass htmlFor and the text as children
    <label
      htmlFor={htmlFor}
      className={cn("text-sm font-medium leading-none", className)}
      {...props}
    />
  );
}
