import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import type { Deal } from "@/api/deals.admin";
import type { Draft, Licence, Room } from "@/api/rooms.admin";
import { json, mockApi, renderApp, sentBodies } from "@/test/render-app";
import { DeliverySection } from "./delivery-section";

const deal: Deal = {
  id: 4,
  brand: "Nordlys AS",
  contactName: "Ola",
  contactEmail: "ola@nordlys.no",
  language: "en",
  package: "",
  price: 6300,
  currency: "NOK",
  deliverableCount: 2,
  deliverableSeconds: 30,
  deliverableFormat: "9:16",
  dueDate: "",
  brief: "",
  notes: "",
  stage: "in_production",
  inquiryId: null,
  createdAt: "2026-03-01T10:00:00Z",
  updatedAt: "2026-03-01T10:00:00Z",
};

const room: Room = {
  dealId: 4,
  state: "active",
  answerDays: 3,
  expiresOn: "",
  linkCreatedAt: "2026-03-02T09:00:00Z",
  lastOpenedAt: null,
  mail: true,
};

const base = "/api/admin/deals/4/drafts";
const draft = (over: Partial<Draft>): Draft => ({
  id: 1,
  dealId: 4,
  deliverable: 1,
  version: 1,
  fileName: "klipp.mp4",
  fileSize: 1000,
  note: "",
  state: "pending",
  dueAt: "2026-03-05T09:00:00Z",
  comment: "",
  answeredBy: "",
  answeredAt: null,
  createdAt: "2026-03-02T09:00:00Z",
  media: {
    status: "ready",
    posterUrl: `${base}/1/media/p_poster.jpg`,
    sources: [
      { url: `${base}/1/media/p_1280.mp4`, width: 720, height: 1280, type: "video/mp4", bytes: 10 },
    ],
  },
  fileUrl: `${base}/1/file`,
  ...over,
});

const licence: Licence = {
  id: 7,
  dealId: 4,
  deliverable: 1,
  usage: "paid",
  channels: ["TikTok", "Instagram"],
  territory: "Norden",
  startDate: "2026-03-10",
  endDate: "2026-09-10",
  whitelisting: true,
  createdAt: "2026-03-02T09:00:00Z",
  updatedAt: "2026-03-02T09:00:00Z",
};

function api(extra: Record<string, Parameters<typeof mockApi>[0][string]> = {}) {
  return mockApi({
    "GET /api/admin/deals/4/room": () => json(room),
    "GET /api/admin/deals/4/drafts": () =>
      json([
        draft({
          id: 2,
          version: 2,
          state: "approved",
          answeredBy: "brand",
          answeredAt: "2026-03-04T09:00:00Z",
        }),
        draft({
          id: 1,
          state: "changes",
          comment: "Show the cup sooner",
          answeredAt: "2026-03-03T09:00:00Z",
        }),
      ]),
    "GET /api/admin/deals/4/licences": () => json([licence]),
    ...extra,
  });
}

describe("a deal's delivery section", () => {
  it("shows the room, each draft's answer with its player labelled a draft, and the licences", async () => {
    api();
    renderApp(<DeliverySection deal={deal} />);
    expect(await screen.findByTestId("room-state")).toHaveTextContent("Link works");
    const drafts = await screen.findAllByTestId("draft");
    expect(drafts).toHaveLength(2);
    expect(within(drafts[0] as HTMLElement).getByTestId("draft-answer")).toHaveTextContent(
      "Approved",
    );
    expect(within(drafts[0] as HTMLElement).getByText("Draft v2")).toBeVisible();
    expect(within(drafts[1] as HTMLElement).getByTestId("draft-answer")).toHaveTextContent(
      "Changes asked for",
    );
    expect(within(drafts[1] as HTMLElement).getByTestId("draft-comment")).toHaveTextContent(
      "Show the cup sooner",
    );
    const video = (drafts[0] as HTMLElement).querySelector("video source");
    expect(video).toHaveAttribute("src", `${base}/1/media/p_1280.mp4`);
    const lic = await screen.findByTestId("licence");
    expect(lic).toHaveTextContent("Paid use (ads)");
    expect(lic).toHaveTextContent("TikTok, Instagram");
    expect(lic).toHaveTextContent("Mar 10, 2026 – Sep 10, 2026");
    expect(screen.getByRole("button", { name: "Set licence" })).toBeVisible(); // video 2
  });

  it("promises no e-mail when the site sends none", async () => {
    api({
      "GET /api/admin/deals/4/room": () =>
        json({
          ...room,
          mail: false,
          url: "http://127.0.0.1/room/abcdefghijklmnopqrstuvwxyz012345",
        }),
    });
    renderApp(<DeliverySection deal={deal} />);
    const card = await screen.findByTestId("room-link");
    await within(card).findByTestId("room-url");
    expect(card).toHaveTextContent("E-mail is off on this site: send the brand the link yourself");
    expect(card).not.toHaveTextContent("gets a link by e-mail");
    expect(card).not.toHaveTextContent("told by e-mail");
    const licences = screen.getByTestId("licences-panel");
    await waitFor(() => expect(licences).toHaveTextContent("E-mail is off on this site"));
    expect(licences).not.toHaveTextContent("You are e-mailed");
  });

  it("asks before replacing the working link, then shows the new one with a copy button", async () => {
    const url = "http://127.0.0.1/room/abcdefghijklmnopqrstuvwxyz012345";
    let current: Room = { ...room, url: "http://127.0.0.1/room/OLDOLDOLDOLDOLDOLDOLDOLDOLDOLDOL" };
    const fetchMock = api({
      "GET /api/admin/deals/4/room": () => json(current),
      "POST /api/admin/deals/4/room": () => {
        current = { ...room, expiresOn: "2026-04-30", url };
        return json(current, 201);
      },
    });
    const user = userEvent.setup(); // with a clipboard of its own
    renderApp(<DeliverySection deal={deal} />);
    // The working link is there to copy again.
    expect(await screen.findByTestId("room-url")).toHaveValue(current.url);
    await user.type(screen.getByLabelText("Link works through (optional)"), "2026-04-30");
    await user.click(screen.getByRole("button", { name: "Make a new link" }));
    // Asked first, naming what happens; cancelling makes nothing.
    const ask = await screen.findByRole("dialog", { name: "Make a new link?" });
    expect(ask).toHaveTextContent("The brand's current link stops working at once");
    await user.click(within(ask).getByRole("button", { name: "Cancel" }));
    expect(sentBodies(fetchMock, "POST", "/api/admin/deals/4/room")).toEqual([]);
    await user.click(screen.getByRole("button", { name: "Make a new link" }));
    await user.click(
      within(await screen.findByRole("dialog")).getByRole("button", { name: "Make a new link" }),
    );
    await waitFor(() => expect(screen.getByTestId("room-url")).toHaveValue(url));
    expect(sentBodies(fetchMock, "POST", "/api/admin/deals/4/room")).toEqual([
      { expiresOn: "2026-04-30", answerDays: 3 },
    ]);
    await user.click(screen.getByRole("button", { name: "Copy link" }));
    expect(await screen.findByText("Link copied")).toBeInTheDocument(); // a toast fades in
    expect(await navigator.clipboard.readText()).toBe(url);
  });

  it("checks the licence form by the server's rules and sends the channels as a list", async () => {
    const fetchMock = api({
      "PUT /api/admin/deals/4/licences/2": (init) =>
        json({ ...licence, deliverable: 2, ...JSON.parse(String(init?.body)) }),
    });
    const user = userEvent.setup();
    renderApp(<DeliverySection deal={deal} />);
    await user.click(await screen.findByRole("button", { name: "Set licence" }));
    await user.click(screen.getByRole("button", { name: "Save licence" }));
    expect(await screen.findByText("Territory is required")).toBeVisible();
    expect(screen.getByText("Start date must be a date (YYYY-MM-DD)")).toBeVisible();
    await user.type(screen.getByLabelText("Channels"), "TikTok, , Instagram ");
    await user.type(screen.getByLabelText("Territory"), "Norge");
    await user.type(screen.getByLabelText("First day"), "2026-05-01");
    await user.type(screen.getByLabelText("Last day"), "2026-11-01");
    await user.click(screen.getByRole("button", { name: "Save licence" }));
    await waitFor(() =>
      expect(sentBodies(fetchMock, "PUT", "/api/admin/deals/4/licences/2")).toEqual([
        {
          usage: "organic",
          channels: ["TikTok", "Instagram"],
          territory: "Norge",
          startDate: "2026-05-01",
          endDate: "2026-11-01",
          whitelisting: false,
        },
      ]),
    );
  });

  it("uploads a draft through the chunked upload and finalizes it into the deal", async () => {
    const fetchMock = api({
      "POST /api/admin/upload/initialize": () => json({ uploadId: "x" }),
      "POST /api/admin/upload/chunk": () => json({ chunkIndex: 0 }),
      "POST /api/admin/deals/4/drafts": () => json(draft({ id: 3, deliverable: 2 }), 201),
    });
    const user = userEvent.setup();
    renderApp(<DeliverySection deal={deal} />);
    await screen.findAllByTestId("draft");
    await user.selectOptions(screen.getByLabelText("Video"), "2");
    await user.type(screen.getByLabelText("Note to the brand (optional)"), "Første klipp");
    const file = new File([new Uint8Array(2000)], "klipp.mp4", { type: "video/mp4" });
    await user.upload(screen.getByTestId("draft-file-input"), file);
    expect(await screen.findByText("Draft v1 of video 2 uploaded")).toBeInTheDocument(); // a toast
    const [body] = sentBodies(fetchMock, "POST", "/api/admin/deals/4/drafts") as Array<{
      uploadId: string;
    }>;
    expect(body).toEqual({ uploadId: body?.uploadId, deliverable: 2, note: "Første klipp" });
    expect(sentBodies(fetchMock, "POST", "/api/admin/upload/finalize")).toEqual([]);
  });
});
