import * as SelectPrimitive from "@radix-ui/react-select";
import { Check, ChevronDown } from "lucide-react";
import { type ComponentProps, useCallback, useEffect, useState } from "react";
import { cn } from "./cn";

export const Select = SelectPrimitive.Root;
export const SelectValue = SelectPrimitive.Value;

export function SelectTrigger({
  className,
  children,
  ...props
}: ComponentProps<typeof SelectPrimitive.Trigger>) {
  return (
    <SelectPrimitive.Trigger
      className={cn(
        "flex h-10 w-full items-center justify-between gap-2 rounded-md border border-border bg-card px-3 py-2 text-sm",
        "focus-visible:outline-2 focus-visible:outline-ring disabled:cursor-not-allowed disabled:opacity-50",
        className,
      )}
      {...props}
    >
      {children}
      <SelectPrimitive.Icon asChild>
        <ChevronDown className="size-4 opacity-60" aria-hidden="true" />
      </SelectPrimitive.Icon>
    </SelectPrimitive.Trigger>
  );
}

/**
 * While the list is open, the rest of the page is inert as well as hidden. Radix hides it from
 * assistive technology (aria-hidden) and keeps the focus in the list, but leaves its fields
 * focusable, which WCAG 4.1.2 (axe's aria-hidden-focus) counts as hidden content one can focus.
 * `inert` says what the open list means: nothing else can be reached until it closes. Removed on
 * close, before Radix returns the focus to the trigger (it does so a task later).
 */
function useInertOutside(content: HTMLElement | null) {
  useEffect(() => {
    if (!content?.isConnected) return;
    const outside = [...document.body.children].filter(
      (el) => !el.contains(content) && !el.hasAttribute("inert"),
    );
    for (const el of outside) el.setAttribute("inert", "");
    return () => {
      for (const el of outside) el.removeAttribute("inert");
    };
  }, [content]);
}

export function SelectContent({
  className,
  children,
  position = "popper",
  ...props
}: Omit<ComponentProps<typeof SelectPrimitive.Content>, "ref">) {
  const [content, setContent] = useState<HTMLDivElement | null>(null);
  // React 19 calls the cleanup, not the ref with null, when the list closes.
  const contentRef = useCallback((element: HTMLDivElement | null) => {
    setContent(element);
    return () => setContent(null);
  }, []);
  useInertOutside(content);
  return (
    <SelectPrimitive.Portal>
      <SelectPrimitive.Content
        ref={contentRef}
        position={position}
        sideOffset={4}
        className={cn(
          "relative z-50 max-h-80 min-w-[8rem] overflow-hidden rounded-md border border-border bg-card shadow-md",
          position === "popper" && "w-[var(--radix-select-trigger-width)]",
          className,
        )}
        {...props}
      >
        <SelectPrimitive.Viewport className="p-1">{children}</SelectPrimitive.Viewport>
      </SelectPrimitive.Content>
    </SelectPrimitive.Portal>
  );
}

export function SelectItem({
  className,
  children,
  ...props
}: ComponentProps<typeof SelectPrimitive.Item>) {
  return (
    <SelectPrimitive.Item
      className={cn(
        "relative flex w-full cursor-default select-none items-center rounded-sm py-1.5 pr-2 pl-8 text-sm outline-none",
        "data-[highlighted]:bg-muted data-[disabled]:pointer-events-none data-[disabled]:opacity-50",
        className,
      )}
      {...props}
    >
      <span className="absolute left-2 flex size-4 items-center justify-center">
        <SelectPrimitive.ItemIndicator>
          <Check className="size-4" aria-hidden="true" />
        </SelectPrimitive.ItemIndicator>
      </span>
      <SelectPrimitive.ItemText>{children}</SelectPrimitive.ItemText>
    </SelectPrimitive.Item>
  );
}
