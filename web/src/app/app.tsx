import type { QueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { Router } from "wouter";
import { SiteGate } from "@/features/gate/site-gate";
import type { Language } from "@/lib/i18n";
import { AppProviders } from "./providers";
import { AppRouter } from "./router";

/**
 * Marks the document once the app is live (rendered or hydrated, effects running): browser tests
 * wait for `html[data-app-ready]` before they click a page the server rendered.
 */
function ReadyMarker() {
  useEffect(() => {
    document.documentElement.dataset.appReady = "true";
  }, []);
  return null;
}

/**
 * The whole app. `path` is the address the server renders (the browser reads its own);
 * `client` and `language` as AppProviders takes them.
 */
export function App({
  client,
  language,
  path,
}: {
  client?: QueryClient;
  language?: Language;
  path?: string;
}) {
  return (
    <Router ssrPath={path}>
      <AppProviders client={client} language={language}>
        <SiteGate>
          <AppRouter />
        </SiteGate>
        <ReadyMarker />
      </AppProviders>
    </Router>
  );
}
