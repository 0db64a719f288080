/*
 * The loader of the home page the server rendered (internal/httpapi/home.go puts it in place of
 * the app's module script): the page is complete without JavaScript, so the app's code (named in
 * data-app) is run only after the browser has painted it. A slow phone then shows the page first
 * and never waits for the script. A classic script, so it can read its own attributes.
 */
(() => {
  const app = document.currentScript?.getAttribute("data-app");
  if (!app) return;
  requestAnimationFrame(() => {
    setTimeout(() => {
      import(app);
    }, 0);
  });
})();
