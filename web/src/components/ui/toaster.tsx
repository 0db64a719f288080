import { Toaster as SonnerToaster } from "sonner";

/** SPEC.md section 9: one notification at a time, each shown for 5000 ms. */
export const toastDefaults = { visibleToasts: 1, duration: 5000 } as const;

/** Mount once (in the app providers); call `toast()` / `toast.error()` from "sonner" anywhere. */
export function Toaster() {
  return (
    <SonnerToaster
      visibleToasts={toastDefaults.visibleToasts}
      duration={toastDefaults.duration}
      position="bottom-right"
      richColors
      closeButton
    />
  );
}
