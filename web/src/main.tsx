import "./index.css";

import { StrictMode, startTransition } from "react";
import { fetchCurrentUser, userQueryKey } from "@/api/auth";
import { readPageData, refreshListsForAdmin, seedPageData } from "@/api/page-data";
import { siteInfoQueryOptions } from "@/api/site-access";
import { App } from "@/app/app";
import { initialLanguage, type Language, loadCatalogue, registerDefaults } from "@/lib/i18n";
import { queryClient } from "@/lib/query-client";
import { createRoot, hydrateRoot } from "@/lib/react-dom-client";

// Evaluating this module (and the modules it imports) is one task the browser cannot split: it
// only reads the page's data and asks for its texts here. Everything else runs once they are in,
// in a task of its own. (A timer set or a node touched while this module's code is on the stack made
// the browser's profiler, Lighthouse's among them, re-read the whole script to place it: a long
// task on a slow phone, counted as blocking time.)
const data = readPageData();
const language: Language = data?.language ?? initialLanguage(window.location.pathname);
// The built-in section texts the server rendered with: the catalogue then need not fetch them.
if (data?.defaults) registerDefaults(language, data.defaults);
void loadCatalogue(language).then(() => setTimeout(start));
// An admin screen opened by its address: the session, the gate's answer, the screen's code and its
// data are asked for now, all at once, instead of one after another as the app renders its way down
// to the screen (app/admin-routes.tsx).
if (window.location.pathname.startsWith("/admin")) {
  void queryClient.prefetchQuery(siteInfoQueryOptions());
  void queryClient.prefetchQuery({ queryKey: userQueryKey, queryFn: fetchCurrentUser });
  void import("@/app/admin-routes").then((admin) =>
    admin.preloadAdminScreen(window.location.pathname, queryClient),
  );
}

function start() {
  const root = document.getElementById("root");
  if (!root) throw new Error("index.html has no #root element");
  // A home page the server rendered carries its data: the cache starts with it, so the first
  // render here is the server's (hydration) and nothing is fetched again. Any other page starts
  // empty.
  if (data) seedPageData(queryClient, data);
  const app = (
    <StrictMode>
      <App language={language} />
    </StrictMode>
  );
  if (data && root.firstElementChild) {
    // The page is already on screen (the server's page loads this script only after its first
    // paint, see src/boot.js): hydration runs as a transition, which React splits into short
    // slices, and each section of the home page is hydrated on its own after the navigation
    // (features/public/home-page.tsx), so a slow phone stays responsive.
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
