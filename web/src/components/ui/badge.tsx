import type { ComponentProps } from "react";
import { cn } from "./cn";

const variants = {
  default: "bg-primary text-primary-foreground",
  accent: "bg-accent text-accent-foreground",
  outline: "border border-border text-foreground",
  muted: "bg-muted text-muted-foreground",
  destructive: "bg-destructive text-destructive-foreground",
} as const;

/** A small pill for a status or count. */
export function Badge({
  className,
  variant = "default",
  ...props
}: ComponentProps<"span"> & { variant?: keyof typeof variants }) {
  return (
    <span
      className={cn(
        "inline-flex items-center rounded-full px-2 py-0.5 text-xs font-semibold",
        variants[variant],
        className,
      )}
      {...props}
    />
  );
}
