import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import type { AnalyticsSummary } from "@/api/analytics.admin";
import type { PitchLink } from "@/api/pitch-links.admin";
import { json, mockApi, renderApp } from "@/test/render-app";
import { AnalyticsTab, SummaryView } from "./analytics-tab";
import { fillDays, lastDays } from "./date-range";
import { linePoints } from "./line-chart";
import { barListRows } from "./parts";

const now = new Date("2025-06-10T12:00:00Z");
const week = "from=2025-06-04&to=2025-06-10";

const summary: AnalyticsSummary = {
  from: "2025-06-04",
  to: "2025-06-10",
  visitors: 8,
  pageviews: 12,
  daily: [
    { date: "2025-06-05", visitors: 3, pageviews: 5 },
    { date: "2025-06-10", visitors: 5, pageviews: 7 },
  ],
  previous: { visitors: 4, pageviews: 12 },
  live: 2,
  sections: { hero: 8, about: 6, pricing: 4, contact: 2 },
  videos: [{ itemId: 41, plays: 3, avgPct: 67, completions: 1 }],
  clicks: [
    { target: "package-2", count: 2 },
    { target: "hero-cta", count: 5 },
  ],
  funnel: { visitors: 8, formStarted: 4, submitted: 2 },
  engaged: { visits: 8, over10s: 6, avgSeconds: 95 },
  sources: [{ source: "instagram.com", visitors: 5 }],
  campaigns: [{ campaign: "spring", visitors: 3 }],
  languages: [{ key: "no", visitors: 6 }],
  devices: [{ key: "mobile", visitors: 7 }],
  browsers: [{ key: "Chrome", visitors: 8 }],
  countries: [{ key: "NO", visitors: 8 }],
  pitchLinks: [{ id: 1, name: "Acme AS", visits: 2, plays: 1, inquiries: 1 }],
  visitorsAreDailySums: true,
};

const links: PitchLink[] = [
  {
    id: 1,
    name: "Acme AS",
    note: "Kari, marketing",
    url: "http://site.test/?ref=abcdefghij",
    kitUrl: "http://site.test/media-kit?ref=abcdefghij",
    language: "no",
    notifyOpen: true,
    createdAt: "2025-06-01T10:00:00Z",
    firstVisit: "2025-06-09T08:00:00Z",
    lastVisit: "2025-06-10T09:30:00Z",
    visits: 2,
    sections: { hero: 2, pricing: 1 },
    plays: [{ itemId: 41, plays: 1, maxPct: 100 }],
    packageClicks: { "package-2": 1 },
    inquiries: 1,
    kitOpens: 1,
    kitDownloads: 2,
  },
  {
    id: 2,
    name: "Nordic Tea",
    note: "",
    url: "http://site.test/en?ref=klmnopqrst",
    kitUrl: "http://site.test/media-kit?ref=klmnopqrst",
    language: "en",
    notifyOpen: true,
    createdAt: "2025-06-02T10:00:00Z",
    firstVisit: null,
    lastVisit: null,
    visits: 0,
    sections: {},
    plays: [],
    packageClicks: {},
    inquiries: 0,
    kitOpens: 0,
    kitDownloads: 0,
  },
];

const item = {
  id: 41,
  title: "Serum unboxing",
  description: "",
  category: "product",
  imageUrl: "https://cdn.test/serum.jpg",
  videoUrl: "",
  featured: false,
  language: "no",
  isActive: true,
};

function api(extra: Record<string, () => Response> = {}) {
  return mockApi({
    [`GET /api/admin/analytics/summary?${week}`]: () => json(summary),
    "GET /api/admin/pitch-links": () => json(links),
    "GET /api/portfolio/no": () => json([item]),
    "GET /api/portfolio/en": () => json([]),
    ...extra,
  });
}

describe("Analytics tab", () => {
  it("shows the week's figures, chart, funnel, videos, clicks and sections", async () => {
    api();
    renderApp(<AnalyticsTab now={now} />);

    expect(await screen.findByTestId("analytics-visitors")).toHaveTextContent("8");
    expect(screen.getByTestId("analytics-pageviews")).toHaveTextContent("12");
    expect(screen.getByTestId("analytics-live")).toHaveTextContent("2");
    expect(screen.getByText("+100 % vs previous period (4)")).toBeVisible();
    expect(screen.getByText(/Visitors are a sum of daily uniques/)).toBeVisible();
    expect(screen.getByText("1 m 35 s")).toBeVisible();
    expect(screen.getByText("75 % engaged (over 10 s)")).toBeVisible();

    // The chart has a point per day of the range, days without data on the floor.
    const chart = screen.getByRole("img", { name: /8 visitors, 12 page views/ });
    const visitors = chart.querySelector('[data-series="Visitors"]');
    expect(visitors?.getAttribute("points")?.split(" ")).toHaveLength(7);

    const funnel = screen.getByTestId("analytics-funnel");
    expect(within(funnel).getByText("Started the form").nextSibling).toHaveTextContent("4");
    expect(within(funnel).getByText("Sent an inquiry").nextSibling).toHaveTextContent("2");
    expect(screen.getByTestId("analytics-conversion")).toHaveTextContent("25 %");

    const sections = screen.getByTestId("analytics-sections");
    expect(within(sections).getByText("Pricing").nextSibling).toHaveTextContent("4 · 50 %");
    expect(within(sections).getByText("Testimonials").nextSibling).toHaveTextContent("0 · 0 %");

    const videos = await screen.findByTestId("analytics-videos");
    expect(await within(videos).findByText("Serum unboxing")).toBeVisible();
    expect(within(videos).getByTestId("video-plays")).toHaveTextContent("3 plays");
    expect(within(videos).getByTestId("video-completions")).toHaveTextContent("1 completion");
    expect(within(videos).getByText(/67 % watched/)).toBeVisible();

    expect(
      within(screen.getByTestId("analytics-packages")).getByText("Package: Pakketilbud 1"),
    ).toBeVisible();
    expect(
      within(screen.getByTestId("analytics-clicks")).getByText("Hero: work with me"),
    ).toBeVisible();
    expect(screen.getByText("instagram.com")).toBeVisible();
    expect(screen.getByText("spring")).toBeVisible();
    expect(screen.getByText("Norway")).toBeVisible(); // from the code NO
    // From the language no, in the Languages panel (the pitch links' page select says it too).
    const languages = screen.getByRole("heading", { name: "Languages" })
      .parentElement as HTMLElement;
    expect(within(languages).getByText("Norwegian")).toBeVisible();
    expect(screen.getByRole("link", { name: "Export CSV" })).toHaveAttribute(
      "href",
      `/api/admin/analytics/export.csv?${week}`,
    );
  });

  it("renders a summary of 200,000 sources, campaigns and clicks, and a year of days", async () => {
    // What a flood of made-up values once made of the summary: the tab showed nothing then
    // (a RangeError from spreading every value into Math.max).
    const many = 200_000;
    const days = Array.from({ length: 366 }, (_, i) => ({
      date: new Date(Date.UTC(2024, 5, 10 + i)).toISOString().slice(0, 10),
      visitors: i,
      pageviews: 2 * i,
    }));
    const huge: AnalyticsSummary = {
      ...summary,
      from: "2024-06-10",
      daily: days,
      sources: Array.from({ length: many }, (_, i) => ({ source: `src-${i}`, visitors: many - i })),
      campaigns: Array.from({ length: many }, (_, i) => ({ campaign: `c-${i}`, visitors: 1 })),
      clicks: Array.from({ length: many }, (_, i) => ({ target: `cta-${i}`, count: 1 })),
    };
    api();
    renderApp(<SummaryView summary={huge} />);

    expect(screen.getByTestId("analytics-visitors")).toHaveTextContent("8");
    expect(screen.getByText("src-0")).toBeVisible();
    expect(screen.getByText("Peak 730")).toBeInTheDocument();
    // The top rows only, and how many more there are.
    expect(screen.queryByText(`src-${barListRows}`)).not.toBeInTheDocument();
    expect(screen.getAllByText(`${many - barListRows} more not shown`).length).toBeGreaterThan(0);
  });

  it("lists pitch links: opened with what was done, or not opened yet", async () => {
    api();
    renderApp(<AnalyticsTab now={now} />);
    const cards = await screen.findAllByTestId("pitch-link");
    expect(cards).toHaveLength(2);
    const [acme, tea] = cards as [HTMLElement, HTMLElement];
    expect(within(acme).getByText("Opened")).toBeVisible();
    expect(within(acme).getByTestId("pitch-link-inquiry")).toHaveTextContent("Inquiry sent");
    expect(within(acme).getByTestId("pitch-link-visits")).toHaveTextContent("2");
    expect(within(acme).getByText("Hero, Pricing")).toBeVisible();
    expect(await within(acme).findByText("Serum unboxing (1×, up to 100 %)")).toBeVisible();
    expect(within(acme).getByText("Package: Pakketilbud 1 (1)")).toBeVisible();
    expect(within(tea).getByText("Not opened yet")).toBeVisible();
    expect(within(tea).queryByTestId("pitch-link-visits")).not.toBeInTheDocument();
  });

  it("creates a pitch link with its name and note, and deletes one after confirming", async () => {
    const fetchMock = api({
      "POST /api/admin/pitch-links": () => json({ id: 3, name: "Brand X", url: "u" }, 201),
      "DELETE /api/admin/pitch-links/2": () => new Response(null, { status: 204 }),
    });
    const user = userEvent.setup();
    renderApp(<AnalyticsTab now={now} />);
    await screen.findAllByTestId("pitch-link");

    await user.click(screen.getByRole("button", { name: "Create link" }));
    expect(screen.getByText("Name is required")).toBeVisible();
    await user.type(screen.getByLabelText("Brand or contact"), "Brand X");
    await user.type(screen.getByLabelText("Note (optional)"), "via LinkedIn");
    await user.click(screen.getByRole("button", { name: "Create link" }));
    await waitFor(() =>
      expect(fetchMock).toHaveBeenCalledWith(
        "/api/admin/pitch-links",
        expect.objectContaining({
          method: "POST",
          body: JSON.stringify({
            name: "Brand X",
            note: "via LinkedIn",
            notifyOpen: true,
            language: "no",
          }),
        }),
      ),
    );

    await user.click(screen.getByRole("button", { name: "Delete Nordic Tea" }));
    const dialog = await screen.findByRole("dialog", { name: "Delete this pitch link?" });
    await user.click(within(dialog).getByRole("button", { name: "Delete" }));
    await waitFor(() =>
      expect(fetchMock).toHaveBeenCalledWith(
        "/api/admin/pitch-links/2",
        expect.objectContaining({ method: "DELETE" }),
      ),
    );
  });

  it("makes a link for the English page, and says which page each link opens", async () => {
    const fetchMock = api({
      "POST /api/admin/pitch-links": () =>
        json({ id: 3, name: "Brand Z", url: "http://site.test/en?ref=z", language: "en" }, 201),
    });
    const user = userEvent.setup();
    renderApp(<AnalyticsTab now={now} />);
    const [acme, tea] = (await screen.findAllByTestId("pitch-link")) as [HTMLElement, HTMLElement];
    expect(acme).toHaveTextContent("Norwegian page");
    expect(tea).toHaveTextContent("English page");
    expect(tea).toHaveTextContent("http://site.test/en?ref=klmnopqrst");

    await user.type(screen.getByLabelText("Brand or contact"), "Brand Z");
    await user.click(screen.getByRole("combobox", { name: "Page" }));
    await user.click(await screen.findByRole("option", { name: "English" }));
    await user.click(screen.getByRole("button", { name: "Create link" }));
    await waitFor(() =>
      expect(fetchMock).toHaveBeenCalledWith(
        "/api/admin/pitch-links",
        expect.objectContaining({
          method: "POST",
          body: JSON.stringify({ name: "Brand Z", note: "", notifyOpen: true, language: "en" }),
        }),
      ),
    );
    // The form is ready for the next brand, on the default page again.
    await waitFor(() =>
      expect(screen.getByRole("combobox", { name: "Page" })).toHaveTextContent("Norwegian"),
    );
  });

  it("switches the e-mail of a link's first opening, and says when e-mail is off", async () => {
    const fetchMock = api({
      "GET /api/admin/contact/mail": () =>
        json({ enabled: false, autoReply: false, deliveries: {} }),
      "PATCH /api/admin/pitch-links/2": () => json({ ...links[1], notifyOpen: false }),
      "POST /api/admin/pitch-links": () => json({ id: 3, name: "Brand Y", url: "u" }, 201),
    });
    const user = userEvent.setup();
    renderApp(<AnalyticsTab now={now} />);
    const [acme, tea] = (await screen.findAllByTestId("pitch-link")) as [HTMLElement, HTMLElement];
    expect(await screen.findByTestId("pitch-mail-off")).toHaveTextContent("E-mail is off");
    // An opened link has had its first opening: no switch.
    expect(within(acme).queryByRole("checkbox")).not.toBeInTheDocument();
    const teaSwitch = within(tea).getByRole("checkbox", {
      name: "E-mail me the first time it is opened",
    });
    expect(teaSwitch).toBeChecked();
    await user.click(teaSwitch);
    await waitFor(() =>
      expect(fetchMock).toHaveBeenCalledWith(
        "/api/admin/pitch-links/2",
        expect.objectContaining({ method: "PATCH", body: JSON.stringify({ notifyOpen: false }) }),
      ),
    );

    // A new link asks for the e-mail unless the box is cleared.
    await user.type(screen.getByLabelText("Brand or contact"), "Brand Y");
    const createSwitch = screen
      .getAllByRole("checkbox", { name: "E-mail me the first time it is opened" })
      .find((box) => !tea.contains(box)) as HTMLElement;
    expect(createSwitch).toBeChecked();
    await user.click(createSwitch);
    await user.click(screen.getByRole("button", { name: "Create link" }));
    await waitFor(() =>
      expect(fetchMock).toHaveBeenCalledWith(
        "/api/admin/pitch-links",
        expect.objectContaining({
          method: "POST",
          body: JSON.stringify({ name: "Brand Y", note: "", notifyOpen: false, language: "no" }),
        }),
      ),
    );
  });

  it("says nothing of e-mail when it is on", async () => {
    api({
      "GET /api/admin/contact/mail": () =>
        json({ enabled: true, autoReply: false, deliveries: {} }),
    });
    renderApp(<AnalyticsTab now={now} />);
    await screen.findAllByTestId("pitch-link");
    await waitFor(() => expect(screen.queryByTestId("pitch-mail-off")).not.toBeInTheDocument());
  });

  it("deletes all analytics data only after confirming", async () => {
    const fetchMock = api({
      "DELETE /api/admin/analytics": () => new Response(null, { status: 204 }),
    });
    const user = userEvent.setup();
    renderApp(<AnalyticsTab now={now} />);
    await screen.findByTestId("analytics-visitors");
    await user.click(screen.getByRole("button", { name: "Delete all analytics data" }));
    const dialog = await screen.findByRole("dialog", { name: "Delete all analytics data?" });
    expect(fetchMock).not.toHaveBeenCalledWith("/api/admin/analytics", expect.anything());
    await user.click(within(dialog).getByRole("button", { name: "Delete" }));
    await waitFor(() =>
      expect(fetchMock).toHaveBeenCalledWith(
        "/api/admin/analytics",
        expect.objectContaining({ method: "DELETE" }),
      ),
    );
  });

  it("asks for the range picked: today, 12 months, custom", async () => {
    const fetchMock = api({
      "GET /api/admin/analytics/summary?from=2025-06-10&to=2025-06-10": () =>
        json({ ...summary, visitorsAreDailySums: false }),
    });
    const user = userEvent.setup();
    renderApp(<AnalyticsTab now={now} />);
    await screen.findByTestId("analytics-visitors");
    await user.click(screen.getByRole("button", { name: "Today" }));
    await waitFor(() => expect(screen.queryByText(/sum of daily uniques/)).not.toBeInTheDocument());
    await user.click(screen.getByRole("button", { name: "12 months" }));
    await user.click(screen.getByRole("button", { name: "Custom" }));
    const urls = fetchMock.mock.calls.map(([url]) => String(url));
    expect(urls).toContain("/api/admin/analytics/summary?from=2024-06-11&to=2025-06-10");
    expect(screen.getByLabelText("From")).toHaveValue("2025-05-12");
  });
});

describe("analytics helpers", () => {
  it("fills the days of a range without data with zeros", () => {
    const range = lastDays(3, now);
    expect(range).toEqual({ from: "2025-06-08", to: "2025-06-10" });
    expect(
      fillDays(range, [{ date: "2025-06-09", n: 4 }], (date) => ({ date, n: 0 })).map((d) => d.n),
    ).toEqual([0, 4, 0]);
  });

  it("draws the largest value at the top and zero on the floor", () => {
    expect(linePoints([0, 10], 10)).toBe("0.0,196.0 640.0,4.0");
    expect(linePoints([5], 10)).toBe("0.0,100.0 640.0,100.0");
  });
});
