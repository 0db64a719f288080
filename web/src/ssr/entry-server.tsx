/**
 * The server build's entry (`vite build --ssr`, see vite.config.ts): one script the Go binary runs
 * in its embedded JavaScript engine (internal/ssr) to render the home page. It defines
 * `renderHome(pageDataJson, origin)`, which answers JSON: `{"html": …, "head": …, "defaults": …}`.
 */
import { StrictMode } from "react";
import { renderToString } from "react-dom/server";
import { App } from "@/app/app";
import { registerCatalogue } from "@/lib/i18n";
import { catalogues } from "@/lib/i18n/catalogues";
import type { PageData } from "@/lib/page-data";
import { seedPageData } from "@/lib/page-data";
import { createQueryClient } from "@/lib/query-client";
import { pageHead } from "./page-head";
import { installURL } from "./url";

installURL();
// Both languages: the server renders either.
registerCatalogue("no", catalogues.no);
registerCatalogue("en", catalogues.en);

function renderHome(pageDataJson: string, origin: string): string {
  const data = JSON.parse(pageDataJson) as PageData;
  // One cache per render, seeded like the browser's (main.tsx): both render the same tree.
  const client = createQueryClient();
  seedPageData(client, data);
  const html = renderToString(
    <StrictMode>
      <App client={client} language={data.language} path={data.path} />
    </StrictMode>,
  );
  client.clear();
  // The built-in section texts go to the browser in the page's data (internal/ssr), not its script.
  const defaults = catalogues[data.language].defaults;
  return JSON.stringify({ html, head: pageHead(data, origin), defaults });
}

(globalThis as unknown as { renderHome: typeof renderHome }).renderHome = renderHome;
