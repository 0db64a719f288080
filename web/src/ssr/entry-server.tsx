/**
 * The server build's entry (`vite build --ssr`, see vite.config.ts): one script the Go binary runs
 * in its embedded JavaScript engine (internal/ssr) to render the home page and the privacy page
 * (the page data's `path` says which). It defines `renderHome(pageDataJson, origin)`, which
 * answers JSON: `{"html": …, "head": …, "data"?: …}`; `data` is the page data the HTML was
 * rendered from when the render filled something in, which the browser must then hydrate from.
 */
import { StrictMode } from "react";
import { renderToString } from "react-dom/server";
import { App } from "@/app/app";
import { registerCatalogue } from "@/lib/i18n";
import { catalogues } from "@/lib/i18n/catalogues";
import type { PageData } from "@/lib/page-data";
import { seedPageData } from "@/lib/page-data";
import { createQueryClient } from "@/lib/query-client";
import { pageHead, withBuiltInTexts } from "./page-head";
import { installURL } from "./url";

installURL();
// Both languages: the server renders either.
registerCatalogue("no", catalogues.no);
registerCatalogue("en", catalogues.en);

function renderHome(pageDataJson: string, origin: string): string {
  const given = JSON.parse(pageDataJson) as PageData;
  const data = withBuiltInTexts(given);
  // One cache per render, seeded like the browser's (main.tsx): both render the same tree.
  const client = createQueryClient();
  seedPageData(client, data);
  const html = renderToString(
    <StrictMode>
      <App client={client} language={data.language} path={data.path} />
    </StrictMode>,
  );
  client.clear();
  return JSON.stringify({
    html,
    head: pageHead(data, origin),
    data: data === given ? undefined : data,
  });
}

(globalThis as unknown as { renderHome: typeof renderHome }).renderHome = renderHome;
