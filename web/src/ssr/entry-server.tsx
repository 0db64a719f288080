/**
 * The server build's entry (`vite build --ssr`, see vite.config.ts): one script the Go binary runs
 * in its embedded JavaScript engine (internal/ssr) to render the home page and the privacy page
 * (the page data's `path` says which). It defines `renderHome(pageDataJson, origin)`, which
 * answers JSON: `{"html": …, "head": …, "data": …}`; `data` is the page data the HTML was
 * rendered from, with what the render filled in (the built-in section texts of the page's
 * language, and the privacy text when none is saved), which the browser hydrates from.
 */
import { StrictMode } from "react";
import { renderToString } from "react-dom/server";
import type { PageData } from "@/api/page-data";
import { seedPageData } from "@/api/page-data";
import { App } from "@/app/app";
import { registerCatalogue } from "@/lib/i18n";
import { catalogues } from "@/lib/i18n/catalogues";
import { createQueryClient } from "@/lib/query-client";
import { pageHead, withBuiltInTexts } from "./page-head";
import { installURL } from "./url";

installURL();
// Both languages: the server renders either.
registerCatalogue("no", catalogues.no);
registerCatalogue("en", catalogues.en);

function renderHome(pageDataJson: string, origin: string): string {
  const given = JSON.parse(pageDataJson) as PageData;
  // The built-in section texts go to the browser in the page's data, not in its script.
  const data = { ...withBuiltInTexts(given), defaults: catalogues[given.language].defaults };
  // One cache per render, seeded like the browser's (main.tsx): both render the same tree.
  const client = createQueryClient();
  seedPageData(client, data);
  const html = renderToString(
    <StrictMode>
      <App client={client} language={data.language} path={data.path} />
    </StrictMode>,
  );
  client.clear();
  return JSON.stringify({ html, head: pageHead(data, origin), data });
}

(globalThis as unknown as { renderHome: typeof renderHome }).renderHome = renderHome;
