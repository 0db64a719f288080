import type { ComponentProps } from "react";
import { cn } from "./cn";

/** A bordered surface. Compose with CardHeader / CardTitle / CardContent. */
export function Card({ className, ...props }: ComponentProps<"div">) {
  return (
    <div
      className={cn(
        "rounded-xl border border-border bg-card text-card-foreground shadow-sm",
        className,
      )}
      {...props}
    />
  );
}

export function CardHeader({ className, ...props }: ComponentProps<"div">) {
  return <div className={cn("flex flex-col gap-1.5 p-6", className)} {...props} />;
}

/** The card's heading; an h1 by default because a card is often a screen's main content. */
export function CardTitle({
  className,
  as: Heading = "h1",
  ...props
}: ComponentProps<"h1"> & { as?: "h1" | "h2" | "h3" }) {
  return (
    <Heading
      className={cn("text-2xl font-bold leading-tight tracking-tight", className)}
      {...props}
    />
  );
}

export function CardContent({ className, ...props }: ComponentProps<"div">) {
  return <div className={cn("p-6 pt-0", className)} {...props} />;
}
