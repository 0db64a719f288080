/**
 * The visitor's analytics beacon: POST /api/analytics/events. The server counts the
 * page view itself when it serves the page; this script adds only what the server cannot see
 * (screen class and time zone, sections reached, plays, clicks, the form, visible time).
 *
 * It keeps nothing in the browser (no cookie, no storage): events wait in memory, are sent in
 * batches of at most 20 a few seconds after the first one, at once with a form step, or when the
 * page is hidden, and are lost with the page. Nothing is sent with Global Privacy Control on, nor from a signed-in admin's
 * browser (the server checks both too). Every function is safe to call when it sends nothing.
 */
export type AnalyticsEvent =
  | { t: "view"; path: string; lang: string; screen: string; tz: string }
  | { t: "section"; id: string }
  | { t: "play"; item: number }
  | { t: "progress"; item: number; pct: number }
  | { t: "click"; target: string }
  | { t: "form"; step: "started" | "invalid" | "sent" }
  | { t: "time"; sec: number };

export const eventsUrl = "/api/analytics/events";

const queue: AnalyticsEvent[] = [];
const sent = new Set<string>();
let timer: ReturnType<typeof setTimeout> | undefined;
let started = false;

/** Whether this browser may be counted: not with GPC, not an admin's (the signed-in hint). */
function allowed(): boolean {
  return (
    typeof navigator !== "undefined" &&
    !(navigator as { globalPrivacyControl?: boolean }).globalPrivacyControl &&
    // The signed-in hint cookie (api/auth.ts), read here so this module imports nothing.
    !/(^|; )ugcfolio_signed_in=1(;|$)/.test(document.cookie)
  );
}

/** Sends what waits, 20 events a request (the server's limit; 20 events stay under its 2 KB). */
export function flush(): void {
  clearTimeout(timer);
  timer = undefined;
  while (queue.length > 0) {
    const body = JSON.stringify({ events: queue.splice(0, 20) });
    // sendBeacon survives the page closing; where it is missing or refuses, a keepalive fetch.
    if (!navigator.sendBeacon?.(eventsUrl, body)) {
      fetch(eventsUrl, {
        method: "POST",
        body,
        keepalive: true,
        headers: { "Content-Type": "application/json" },
      }).catch(() => {});
    }
  }
}

/** Queues an event; `once` names it so a page load sends it only once (a section, a step). */
export function track(event: AnalyticsEvent, once?: string): void {
  if (!allowed() || (once && sent.has(once))) return;
  if (once) sent.add(once);
  queue.push(event);
  // A form step goes at once, with what waits: sending the form is often the visit's last act, and
  // a beacon sent as the page hides may not arrive.
  if (event.t === "form") flush();
  else timer ??= setTimeout(flush, 5000);
}

function screenClass(): string {
  const wider = (px: number) => matchMedia(`(min-width:${px}px)`).matches;
  return wider(1024) ? "desktop" : wider(640) ? "tablet" : "phone";
}

/**
 * The visitor's IANA time zone. Temporal, where the browser has it, answers at once; the first
 * Intl.DateTimeFormat of a page costs a slow phone 50–150 ms of main thread (measured at 4x CPU
 * throttling), which, run right after hydration, was the page's last long task.
 */
function timeZone(): string {
  const temporal = (globalThis as { Temporal?: { Now?: { timeZoneId?: () => string } } }).Temporal;
  return temporal?.Now?.timeZoneId?.() || Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";
}

/**
 * Starts counting a page load (once; later calls do nothing): the view's screen class and time
 * zone, each `[data-section]` reached, clicks on `[data-track]`, and the time the page was visible.
 * Runs in an effect only: the server's render engine has no Intl, matchMedia nor observers.
 */
export function startAnalytics(lang: string): void {
  if (started || !allowed()) return;
  started = true;
  track({
    t: "view",
    path: location.pathname,
    lang,
    screen: screenClass(),
    tz: timeZone(),
  });

  if (typeof IntersectionObserver !== "undefined") {
    const observer = new IntersectionObserver((entries) => {
      for (const entry of entries) {
        if (!entry.isIntersecting) continue;
        const id = (entry.target as HTMLElement).dataset.section ?? "";
        track({ t: "section", id }, `section${id}`);
        observer.unobserve(entry.target);
      }
    });
    for (const section of document.querySelectorAll("[data-section]")) observer.observe(section);
  }

  document.addEventListener("click", (event) => {
    const target = (event.target as Element).closest?.("[data-track]");
    if (target) track({ t: "click", target: target.getAttribute("data-track") ?? "" });
  });

  // Visible time is reported as the seconds since the last report, each time the page hides.
  let visibleSince = document.visibilityState === "visible" ? Date.now() : 0;
  const hidden = () => {
    if (visibleSince) {
      track({ t: "time", sec: Math.min(86400, Math.round((Date.now() - visibleSince) / 1000)) });
      visibleSince = 0;
    }
    flush();
  };
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "hidden") hidden();
    else visibleSince ||= Date.now();
  });
  addEventListener("pagehide", hidden);
}
