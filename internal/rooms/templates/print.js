// The licence summary's print button (a script of its own: the site's
// Content-Security-Policy allows no inline script). Without JavaScript the
// button stays hidden and the browser's own print does the same.
for (const button of document.querySelectorAll("[data-print]")) {
  button.hidden = false;
  button.addEventListener("click", () => window.print());
}
