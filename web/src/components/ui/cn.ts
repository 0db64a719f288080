/** Joins class names, skipping falsy ones: cn("p-4", isActive && "bg-accent"). */
export function cn(...classes: Array<string | false | null | undefined>): string {
  return classes.filter(Boolean).join(" ");
}
