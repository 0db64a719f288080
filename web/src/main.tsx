import "./index.css";

import { StrictMode, startTransition } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { App } from "@/app/app";
import { initialLanguage, loadCatalogue, registerDefaults } from "@/lib/i18n";
import { readPageData, refreshListsForAdmin, seedPageData } from "@/lib/page-data";
import { queryClient } from "@/lib/query-client";

const root = document.getElementById("root");
if (!root) throw new Error("index.html has no #root element");

// A home page the server rendered carries its data: the cache starts with it, so the first render
// here is the server's (hydration) and nothing is fetched again. Any other page starts empty.
const data = readPageData();
if (data) seedPageData(queryClient, data);
const language = data?.language ?? initialLanguage(window.location.pathname);
if (data?.defaults) registerDefaults(language, data.defaults);

// The page's language's texts first (one small script, the built-in section texts being in the
// server's page; the other language's stay on the server until the visitor switches), then the app.
void loadCatalogue(language).then(() => start(root));

function start(root: HTMLElement) {
  const app = (
    <StrictMode>
      <App language={language} />
    </StrictMode>
  );
  if (data && root.firstElementChild) {
    // The page is already on screen (the server's page loads this script only after its first
    // paint, see src/boot.js): hydration runs as a transition, which React splits into short
    // slices, so a slow phone stays responsive.
    startTransition(() => {
      hydrateRoot(root, app, {
        // A page that disagrees with its data is rendered again here; say so in the console (the
        // production build stays quiet otherwise), where the browser tests look for it.
        onRecoverableError: (error) => console.error("Hydration error:", error),
      });
    });
    refreshListsForAdmin(queryClient, data.language);
  } else {
    createRoot(root).render(app);
  }
}
