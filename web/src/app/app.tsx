import type { QueryClient } from "@tanstack/react-query";
import { Router } from "wouter";
import { SiteGate } from "@/features/gate/site-gate";
import type { Language } from "@/lib/i18n";
import { AppProviders } from "./providers";
import { AppRouter } from "./router";

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
      </AppProviders>
    </Router>
  );
}
