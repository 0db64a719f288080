import "@testing-library/jest-dom/vitest";
import { cleanup, configure } from "@testing-library/react";
import { afterEach, beforeEach } from "vitest";
import { dropSignedInHint, signedInHintCookie } from "@/api/auth";
import { registerCatalogue } from "@/lib/i18n";
import { catalogues } from "@/lib/i18n/catalogues";

// findBy… and waitFor wait up to 5 s, not 1: `make test` runs suites side by side on two cores,
// and a screen that imports a chunk on demand (sonner on the first toast) can take over a second.
// They still return as soon as what they wait for appears.
configure({ asyncUtilTimeout: 5_000 });

// Both languages, as the server has them (a page in the browser loads its own: loadCatalogue).
registerCatalogue("no", catalogues.no);
registerCatalogue("en", catalogues.en);

// jsdom lacks the pointer-capture and scrolling calls Radix Select makes when it opens.
Element.prototype.hasPointerCapture ??= () => false;
Element.prototype.releasePointerCapture ??= () => {};
Element.prototype.scrollIntoView ??= () => {};

// Screens that look up the user run as in a browser that has logged in before (the server's
// signed-in hint is present); src/api/auth.test.ts covers the visitor without it.
beforeEach(() => {
  // biome-ignore lint/suspicious/noDocumentCookie: the test plays the server setting the hint.
  document.cookie = `${signedInHintCookie}=1; Path=/`;
});

// Vitest runs without globals, so Testing Library cannot register its own cleanup.
afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
  dropSignedInHint();
});
