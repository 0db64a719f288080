import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { dropSignedInHint, signedInHintCookie } from "./auth";

type Analytics = typeof import("./analytics") & typeof import("./analytics-video");

/** The IntersectionObserver jsdom lacks: the test says which elements came into view. */
class FakeObserver {
  static last: FakeObserver | undefined;
  readonly observed = new Set<Element>();
  constructor(readonly callback: IntersectionObserverCallback) {
    FakeObserver.last = this;
  }
  observe(element: Element) {
    this.observed.add(element);
  }
  unobserve(element: Element) {
    this.observed.delete(element);
  }
  disconnect() {
    this.observed.clear();
  }
  /** Scrolls `element` into view: the callback hears of it only while it is observed. */
  show(element: Element) {
    if (!this.observed.has(element)) return;
    const entry = { isIntersecting: true, target: element } as IntersectionObserverEntry;
    this.callback([entry], this as unknown as IntersectionObserver);
  }
}

let sendBeacon: ReturnType<typeof vi.fn>;
/** The listeners a test's copy of the module added, removed after it (each test loads a new copy). */
let listenerSpies: Array<ReturnType<typeof vi.spyOn>> = [];

/** A fresh copy of the module (its once-per-page-load state starts empty). */
async function load(): Promise<Analytics> {
  vi.resetModules();
  // The player's part shares the fresh copy (it imports ./analytics after the reset too).
  return { ...(await import("./analytics")), ...(await import("./analytics-video")) };
}

/** Every event the beacon sent, in order, with each request's body checked against the contract. */
function sentEvents(): Array<Record<string, unknown>> {
  return sendBeacon.mock.calls.flatMap(([url, body]) => {
    expect(url).toBe("/api/analytics/events");
    expect((body as string).length).toBeLessThanOrEqual(2048);
    const parsed = JSON.parse(body as string) as { events: Array<Record<string, unknown>> };
    expect(parsed.events.length).toBeLessThanOrEqual(20);
    return parsed.events;
  });
}

function hidePage() {
  Object.defineProperty(document, "visibilityState", { value: "hidden", configurable: true });
  document.dispatchEvent(new Event("visibilitychange"));
}

beforeEach(() => {
  vi.useFakeTimers();
  listenerSpies = [vi.spyOn(document, "addEventListener"), vi.spyOn(window, "addEventListener")];
  dropSignedInHint(); // a visitor, not the admin the other tests play
  sendBeacon = vi.fn(() => true);
  Object.defineProperty(navigator, "sendBeacon", { value: sendBeacon, configurable: true });
  Object.defineProperty(navigator, "globalPrivacyControl", { value: false, configurable: true });
  Object.defineProperty(document, "visibilityState", { value: "visible", configurable: true });
  vi.stubGlobal("IntersectionObserver", FakeObserver);
  vi.stubGlobal(
    "matchMedia",
    vi.fn((query: string) => ({ matches: query === "(min-width:640px)" })),
  );
  document.body.innerHTML = `
    <section data-section="hero"><a href="#contact" data-track="hero-cta">Work with me</a></section>
    <section data-section="pricing"><a href="#contact" data-track="package-2"><span>Choose</span></a></section>`;
});

afterEach(() => {
  const [onDocument, onWindow] = listenerSpies;
  for (const [type, listener] of onDocument?.mock.calls ?? []) {
    document.removeEventListener(type as string, listener as EventListener);
  }
  for (const [type, listener] of onWindow?.mock.calls ?? []) {
    window.removeEventListener(type as string, listener as EventListener);
  }
  vi.useRealTimers();
  vi.unstubAllGlobals();
  document.body.innerHTML = "";
});

describe("the analytics beacon", () => {
  it("sends the view, each section once and clicks in one batch when the page hides", async () => {
    const analytics = await load();
    analytics.startAnalytics("en");
    const hero = document.querySelector('[data-section="hero"]') as Element;
    const pricing = document.querySelector('[data-section="pricing"]') as Element;
    FakeObserver.last?.show(hero);
    FakeObserver.last?.show(hero); // seen again: not sent again
    FakeObserver.last?.show(pricing);
    (document.querySelector('[data-track="package-2"] span') as HTMLElement).click();
    expect(sendBeacon).not.toHaveBeenCalled(); // batched, not one request per event

    vi.advanceTimersByTime(3000);
    hidePage();

    expect(sendBeacon).toHaveBeenCalledTimes(1);
    expect(sentEvents()).toEqual([
      {
        t: "view",
        path: "/",
        lang: "en",
        screen: "tablet",
        tz: Intl.DateTimeFormat().resolvedOptions().timeZone,
      },
      { t: "section", id: "hero" },
      { t: "section", id: "pricing" },
      { t: "click", target: "package-2" },
      { t: "time", sec: 3 },
    ]);
  });

  it("takes the time zone from Temporal where the browser has it, without Intl", async () => {
    vi.stubGlobal("Temporal", { Now: { timeZoneId: () => "Europe/Oslo" } });
    const dateTimeFormat = vi.spyOn(Intl, "DateTimeFormat");
    const analytics = await load();
    analytics.startAnalytics("no");
    hidePage();
    expect(sentEvents()[0]).toMatchObject({ t: "view", tz: "Europe/Oslo" });
    expect(dateTimeFormat).not.toHaveBeenCalled();
  });

  it("sends what waits a few seconds after the first event, without the page hiding", async () => {
    const analytics = await load();
    analytics.startAnalytics("no");
    analytics.track({ t: "click", target: "hero-cta" });
    vi.advanceTimersByTime(4999);
    expect(sendBeacon).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(sentEvents().map((e) => e.t)).toEqual(["view", "click"]);
  });

  it("sends a form step at once, with what waits, and each step once per page load", async () => {
    const analytics = await load();
    analytics.startAnalytics("no");
    analytics.track({ t: "click", target: "package-2" });
    analytics.track({ t: "form", step: "started" }, "form-started");
    expect(sentEvents()).toEqual([
      expect.objectContaining({ t: "view" }),
      { t: "click", target: "package-2" },
      { t: "form", step: "started" },
    ]);
    analytics.track({ t: "form", step: "started" }, "form-started");
    analytics.track({ t: "form", step: "sent" });
    expect(sendBeacon).toHaveBeenCalledTimes(2);
    expect(sentEvents().slice(3)).toEqual([{ t: "form", step: "sent" }]);
    vi.advanceTimersByTime(10_000);
    expect(sendBeacon).toHaveBeenCalledTimes(2); // the timer found nothing left to send
  });

  it("splits a long queue into requests of at most 20 events", async () => {
    const analytics = await load();
    for (let i = 0; i < 45; i++) analytics.track({ t: "click", target: `cta-${i}` });
    analytics.flush();
    expect(sendBeacon).toHaveBeenCalledTimes(3);
    expect(sentEvents()).toHaveLength(45);
  });

  it("falls back to a keepalive fetch when sendBeacon refuses", async () => {
    sendBeacon.mockReturnValue(false);
    const fetchMock = vi.fn(async () => new Response(null, { status: 202 }));
    vi.stubGlobal("fetch", fetchMock);
    const analytics = await load();
    analytics.track({ t: "click", target: "hero-cta" });
    analytics.flush();
    expect(fetchMock).toHaveBeenCalledWith("/api/analytics/events", {
      method: "POST",
      body: JSON.stringify({ events: [{ t: "click", target: "hero-cta" }] }),
      keepalive: true,
      headers: { "Content-Type": "application/json" },
    });
  });

  it("counts a video's play and 25/50/75/100 % once each, 100 % within 2 s of the end", async () => {
    const analytics = await load();
    const player = document.createElement("div");
    const video = document.createElement("video");
    player.append(video);
    document.body.append(player);
    Object.defineProperty(video, "duration", { value: 20, configurable: true });
    const stop = analytics.watchVideo(player, 7);
    const at = (seconds: number, type = "timeupdate") => {
      video.currentTime = seconds;
      video.dispatchEvent(new Event(type)); // media events do not bubble
    };
    video.dispatchEvent(new Event("play"));
    at(6);
    at(6);
    video.dispatchEvent(new Event("play")); // a resume is the same viewing
    at(11);
    at(18.5); // 1.5 s before the end: 75 and 100
    at(20, "ended");
    stop();
    at(1);
    analytics.flush();
    expect(sentEvents()).toEqual([
      { t: "play", item: 7 },
      { t: "progress", item: 7, pct: 25 },
      { t: "progress", item: 7, pct: 50 },
      { t: "progress", item: 7, pct: 75 },
      { t: "progress", item: 7, pct: 100 },
    ]);
  });

  it("counts the play of a video already playing when the watching began", async () => {
    const analytics = await load();
    const video = document.createElement("video");
    document.body.append(video);
    Object.defineProperty(video, "duration", { value: 40, configurable: true });
    Object.defineProperty(video, "paused", { value: false, configurable: true });
    analytics.watchVideo(video, 5);
    video.currentTime = 1;
    video.dispatchEvent(new Event("timeupdate"));
    video.currentTime = 2;
    video.dispatchEvent(new Event("timeupdate"));
    analytics.flush();
    expect(sentEvents()).toEqual([{ t: "play", item: 5 }]);
  });

  it("counts a short clip's finish only in its last tenth", async () => {
    const analytics = await load();
    const video = document.createElement("video");
    document.body.append(video);
    Object.defineProperty(video, "duration", { value: 4, configurable: true });
    analytics.watchVideo(video, 3);
    video.currentTime = 1.1;
    video.dispatchEvent(new Event("timeupdate"));
    video.currentTime = 3.7;
    video.dispatchEvent(new Event("timeupdate"));
    analytics.flush();
    expect(sentEvents().map((e) => e.pct)).toEqual([25, 50, 75, 100]);
  });

  it("sends nothing when Global Privacy Control is on", async () => {
    Object.defineProperty(navigator, "globalPrivacyControl", { value: true, configurable: true });
    const analytics = await load();
    analytics.startAnalytics("no");
    analytics.track({ t: "click", target: "hero-cta" });
    (document.querySelector('[data-track="hero-cta"]') as HTMLElement).click();
    hidePage();
    vi.advanceTimersByTime(10_000);
    expect(sendBeacon).not.toHaveBeenCalled();
  });

  it("sends nothing from a signed-in admin's browser", async () => {
    // biome-ignore lint/suspicious/noDocumentCookie: the test plays the server setting the hint.
    document.cookie = `${signedInHintCookie}=1; Path=/`;
    const analytics = await load();
    analytics.startAnalytics("no");
    analytics.track({ t: "form", step: "sent" });
    hidePage();
    vi.advanceTimersByTime(10_000);
    expect(sendBeacon).not.toHaveBeenCalled();
  });

  it("writes nothing to the browser's storage or cookies", async () => {
    const cookiesBefore = document.cookie;
    const analytics = await load();
    analytics.startAnalytics("no");
    FakeObserver.last?.show(document.querySelector('[data-section="hero"]') as Element);
    (document.querySelector('[data-track="hero-cta"]') as HTMLElement).click();
    hidePage();
    expect(sendBeacon).toHaveBeenCalled();
    expect(localStorage.length).toBe(0);
    expect(sessionStorage.length).toBe(0);
    expect(document.cookie).toBe(cookiesBefore);
  });
});
