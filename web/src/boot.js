/*
 * The home page's loader (the page the server renders): the server puts it, minified, at the end
 * of the page (internal/ssr/shell.go's NewShell says why it works this way). Once the page is on
 * screen, it asks for every module the app starts with at once, then runs them one by one, each
 * in a task of its own. Its script tag names them: data-chunks (the chunks the app imports, in
 * order), data-app, and data-catalogue-<language> (each language's texts, web/vite.config.ts).
 * A failure to load one is reported by the browser as an unhandled rejection; the page stays as
 * the server rendered it.
 */
(() => {
  const script = document.currentScript;
  const attribute = (name) => script.getAttribute(`data-${name}`);
  // The chunks the app imports, in order, then the app.
  const modules = [...attribute("chunks").split(" "), attribute("app")].filter(Boolean);
  const start = async () => {
    for (const href of [...modules, attribute(`catalogue-${document.documentElement.lang}`)]) {
      if (!href) continue;
      const link = Object.assign(document.createElement("link"), {
        rel: "modulepreload",
        crossOrigin: "",
        href,
      });
      document.head.append(link);
    }
    for (const href of modules) {
      await new Promise((resolve) => setTimeout(resolve));
      await import(href);
    }
  };
  // The first contentful paint: a browser without paint timing starts after its next frame.
  if (!PerformanceObserver.supportedEntryTypes?.includes("paint")) {
    requestAnimationFrame(() => setTimeout(start));
    return;
  }
  new PerformanceObserver((entries, observer) => {
    if (entries.getEntriesByName("first-contentful-paint").length === 0) return;
    observer.disconnect();
    start();
  }).observe({ type: "paint", buffered: true });
})();
