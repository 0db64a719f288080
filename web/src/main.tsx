import "./index.css";

/**
 * The entry point, kept tiny on purpose. A home page the server rendered (it carries its data) is
 * complete without JavaScript: the app's code is fetched and run only after the browser has painted
 * it, so a slow phone shows the page first and never waits for the script. Any other page starts
 * the app at once.
 */
const start = () => import("./app/start");

if (document.getElementById("page-data")) {
  requestAnimationFrame(() => setTimeout(start, 0));
} else {
  void start();
}
