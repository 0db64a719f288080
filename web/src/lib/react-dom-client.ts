/**
 * React's DOM renderer for the app's start (main.tsx). Built into the chunk that holds React
 * (vite.config.ts), this module makes the chunk start React as it runs: the home page's loader
 * runs that chunk in a task of its own before the app's (src/boot.js), so a slow phone does the
 * two halves of the work in two shorter tasks rather than one long one.
 */
import * as client from "react-dom/client";

export const { createRoot, hydrateRoot } = client;
