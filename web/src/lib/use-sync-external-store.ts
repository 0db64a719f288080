/**
 * What wouter imports as `use-sync-external-store/shim` (vite.config.ts points it here): the shim
 * stands in for React's own hook on React 17 and older, and costs the visitor's budgeted JavaScript
 * its bytes on React 19, which has the hook.
 */
export { useSyncExternalStore } from "react";
