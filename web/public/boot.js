/* The home page's loader, inlined by the server; why it works this way: internal/ssr/shell.go (NewShell). */
(() => {
  const script = document.currentScript;
  const app = script?.getAttribute("data-app");
  if (!app) return;
  const chunks = (script.getAttribute("data-chunks") ?? "").split(" ").filter(Boolean);
  const catalogue = script.getAttribute(`data-catalogue-${document.documentElement.lang}`);
  const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));
  const start = async () => {
    for (const href of [...chunks, app, catalogue]) {
      if (!href) continue;
      const link = document.createElement("link");
      link.rel = "modulepreload";
      link.crossOrigin = "";
      link.href = href;
      document.head.append(link);
    }
    for (const chunk of chunks) {
      await nextTask();
      await import(chunk).catch(() => {}); // the app's import below reports a failure
    }
    await nextTask();
    import(app);
  };
  const parsed = new Promise((resolve) => {
    if (document.readyState !== "loading") resolve();
    else document.addEventListener("DOMContentLoaded", resolve, { once: true });
  });
  const painted = new Promise((resolve) => {
    if (!window.PerformanceObserver?.supportedEntryTypes?.includes("paint")) {
      requestAnimationFrame(() => setTimeout(resolve, 0));
      return;
    }
    const observer = new PerformanceObserver((list) => {
      if (list.getEntriesByName("first-contentful-paint").length === 0) return;
      observer.disconnect();
      resolve();
    });
    observer.observe({ type: "paint", buffered: true });
  });
  Promise.all([parsed, painted]).then(start);
})();
