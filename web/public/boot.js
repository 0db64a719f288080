/* The home page's loader; why it works this way: internal/ssr/shell.go (NewShell). */
(() => {
  const app = document.currentScript?.getAttribute("data-app");
  if (!app) return;
  const chunks = [...document.querySelectorAll('link[rel="modulepreload"]')]
    .map((link) => link.getAttribute("href"))
    .filter((href) => href && href !== app);
  const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));
  requestAnimationFrame(async () => {
    for (const chunk of chunks) {
      await nextTask();
      await import(chunk).catch(() => {}); // the app's import below reports a failure
    }
    await nextTask();
    import(app);
  });
})();
