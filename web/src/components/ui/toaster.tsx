import { useEffect, useState, useSyncExternalStore } from "react";

/** SPEC.md section 9: one notification at a time, each shown for 5000 ms. */
const toastDefaults = { visibleToasts: 1, duration: 5000 } as const;

type Sonner = typeof import("sonner");
/** The options of a toast (sonner's): e.g. `{ description }`. */
export type ToastOptions = Parameters<Sonner["toast"]["success"]>[1];

// sonner (~10 KB gzip) loads with the first toast, not with the page: a visitor of the home page
// only ever sees one after sending the contact form, and the page has a JavaScript budget
// (DESIGN.md section 5). The outlet mounts once sonner has loaded; a toast waits for it.
let sonner: Promise<Sonner> | null = null;
let requested = false;
const listeners = new Set<() => void>();
let outletMounted: () => void = () => {};
let outletReady = new Promise<void>((resolve) => {
  outletMounted = resolve;
});

function loadSonner(): Promise<Sonner> {
  if (!sonner) {
    sonner = import("sonner");
    requested = true;
    for (const listener of listeners) listener();
  }
  return sonner;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** sonner's outlet with the spec's settings; tells waiting toasts once it listens. */
function SonnerOutlet({ sonnerToaster: SonnerToaster }: { sonnerToaster: Sonner["Toaster"] }) {
  // Runs after sonner's own effect (a child's effects run first), i.e. once it listens.
  useEffect(() => {
    outletMounted();
    return () => {
      outletReady = new Promise<void>((resolve) => {
        outletMounted = resolve;
      });
    };
  }, []);
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

/** The toast outlet: mount once (in the app providers); show toasts with `toast` below. */
export function Toaster() {
  const wanted = useSyncExternalStore(
    subscribe,
    () => requested,
    () => false,
  );
  const [loaded, setLoaded] = useState<Sonner["Toaster"] | null>(null);
  useEffect(() => {
    if (!wanted) return;
    let live = true;
    loadSonner().then((m) => {
      if (live) setLoaded(() => m.Toaster);
    });
    return () => {
      live = false;
    };
  }, [wanted]);
  return loaded ? <SonnerOutlet sonnerToaster={loaded} /> : null;
}

async function show(kind: "success" | "error", title: string, options?: ToastOptions) {
  const { toast: sonnerToast } = await loadSonner();
  await outletReady;
  sonnerToast[kind](title, options);
}

/** Shows a toast (loading sonner and its outlet on first use). */
export const toast = {
  success(title: string, options?: ToastOptions): void {
    void show("success", title, options);
  },
  error(title: string, options?: ToastOptions): void {
    void show("error", title, options);
  },
};
