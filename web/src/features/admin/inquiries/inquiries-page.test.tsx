import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { inquiry } from "@/test/fixtures";
import { json, mockApi, renderApp } from "@/test/render-app";
import { InquiriesPage } from "./inquiries-page";

const admin = { id: 1, username: "kari@example.no", displayName: "Kari", isAdmin: true };

/** What a proxy in front of the server answers when the server is down: an HTML page. */
const badGateway = () =>
  new Response("<html><body><h1>502 Bad Gateway</h1></body></html>", {
    status: 502,
    statusText: "Bad Gateway",
    headers: { "Content-Type": "text/html" },
  });

describe("inquiries screen", () => {
  it("shows the pitch link an inquiry came through, in the list and in the dialog", async () => {
    mockApi({
      "GET /api/user": () => json(admin),
      "GET /api/admin/contact": () =>
        json([
          { ...inquiry(1, false), pitchLink: { id: 4, name: "Acme AS" } },
          { ...inquiry(2, true), pitchLink: null },
        ]),
      "PATCH /api/admin/contact/1": () => json({}),
    });
    renderApp(<InquiriesPage />, { path: "/admin/inquiries" });
    const badges = await screen.findAllByTestId("inquiry-pitch-link");
    expect(badges).toHaveLength(1);
    expect(badges[0]).toHaveTextContent("Via pitch link “Acme AS”");

    const user = userEvent.setup();
    await user.click(screen.getAllByRole("button", { name: /View & Mark Read/ })[0] as HTMLElement);
    const dialog = await screen.findByRole("dialog");
    expect(within(dialog).getByText("Pitch link").nextSibling).toHaveTextContent("Acme AS");
  });

  it("makes a deal from an inquiry in one click, then links it", async () => {
    let made = false;
    const fetchMock = mockApi({
      "GET /api/user": () => json(admin),
      "GET /api/admin/contact": () =>
        json([
          { ...inquiry(1, true), deal: made ? { id: 12, stage: "new" } : null },
          { ...inquiry(2, true), deal: { id: 5, stage: "booked" } },
        ]),
      "POST /api/admin/contact/1/deal": () => {
        made = true;
        return json({ id: 12, brand: "Person 1", stage: "new" }, 201);
      },
    });
    renderApp(<InquiriesPage />, { path: "/admin/inquiries" });
    const user = userEvent.setup();
    const existing = await screen.findByRole("link", { name: "Deal: Booked" });
    expect(existing).toHaveAttribute("href", "/admin/deals/5");
    await user.click(
      screen.getByRole("button", { name: "Make a deal from the inquiry of Person 1" }),
    );
    expect(await screen.findByText("Deal made")).toBeInTheDocument();
    expect(await screen.findByRole("link", { name: "Deal: New" })).toHaveAttribute(
      "href",
      "/admin/deals/12",
    );
    expect(screen.queryByRole("button", { name: /Make a deal/ })).toBeNull();
    const posts = fetchMock.mock.calls.filter(([, init]) => init?.method === "POST");
    expect(posts.map(([url]) => url)).toEqual(["/api/admin/contact/1/deal"]);
  });

  it("shows no raw error body when marking read or deleting fails", async () => {
    mockApi({
      "GET /api/user": () => json(admin),
      "GET /api/admin/contact": () => json([inquiry(1, false)]),
      "PATCH /api/admin/contact/1": badGateway,
      "DELETE /api/admin/contact/1": badGateway,
    });
    renderApp(<InquiriesPage />, { path: "/admin/inquiries" });
    const user = userEvent.setup();

    await user.click(await screen.findByRole("button", { name: /View & Mark Read/ }));
    expect(await screen.findByText("Error marking as read")).toBeInTheDocument();
    expect(
      screen.getByText("There was an error marking the inquiry as read. Please try again."),
    ).toBeInTheDocument();
    expect(document.body.textContent).not.toMatch(/<html|502/);

    await user.click(within(screen.getByRole("dialog")).getByRole("button", { name: /Delete/ }));
    const confirm = await screen.findByRole("dialog", { name: "Delete inquiry?" });
    await user.click(within(confirm).getByRole("button", { name: "Delete" }));
    expect(await screen.findByText("Error deleting inquiry")).toBeInTheDocument();
    expect(
      screen.getByText("There was an error deleting the inquiry. Please try again."),
    ).toBeInTheDocument();
    expect(document.body.textContent).not.toMatch(/<html|502/);
  });

  it("says 'No inquiries found.' on All, the spec's template on Unread and Read", async () => {
    mockApi({
      "GET /api/user": () => json(admin),
      "GET /api/admin/contact": () => json([]),
    });
    renderApp(<InquiriesPage />, { path: "/admin/inquiries" });
    const user = userEvent.setup();
    expect(await screen.findByText("No inquiries found.")).toBeInTheDocument();
    expect(screen.queryByText(/No all inquiries/)).not.toBeInTheDocument();
    await user.click(screen.getByRole("tab", { name: /Unread/ }));
    await waitFor(() => expect(screen.getByText("No unread inquiries found.")).toBeInTheDocument());
    await user.click(screen.getByRole("tab", { name: /^Read/ }));
    await waitFor(() => expect(screen.getByText("No read inquiries found.")).toBeInTheDocument());
  });

  it("is English all through, the mail notices too, while the site is in Norwegian", async () => {
    localStorage.setItem("language", "no");
    mockApi({
      "GET /api/user": () => json(admin),
      "GET /api/admin/contact": () => json([inquiry(1, false), inquiry(2, true)]),
      "GET /api/admin/contact/mail": () =>
        json({ enabled: false, autoReply: false, deliveries: {} }),
    });
    renderApp(<InquiriesPage />, { path: "/admin/inquiries" });
    expect(
      await screen.findByText(
        "E-mail notification is off: new inquiries are not sent by e-mail. Set UGCFOLIO_SMTP_URL and UGCFOLIO_MAIL_FROM to turn it on.",
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Export CSV" })).toBeInTheDocument();
    expect(document.body.textContent).not.toMatch(/E-postvarsling|Eksporter|henvendelse/);
  });

  it("shows each delivery and its retry in English", async () => {
    mockApi({
      "GET /api/user": () => json(admin),
      "GET /api/admin/contact": () => json([inquiry(1, false), inquiry(2, true)]),
      "GET /api/admin/contact/mail": () =>
        json({
          enabled: true,
          autoReply: false,
          deliveries: {
            "1": { state: "sent", attempts: 1 },
            "2": { state: "failed", attempts: 3, error: "550 mailbox unavailable" },
          },
        }),
    });
    renderApp(<InquiriesPage />, { path: "/admin/inquiries" });
    expect(await screen.findByText("E-mail sent")).toBeInTheDocument();
    expect(screen.getByText("E-mail failed")).toBeInTheDocument();
    expect(screen.getByText("Reason: 550 mailbox unavailable")).toBeInTheDocument();
    expect(
      screen.getByRole("button", {
        name: "Send the e-mail notification of the inquiry from Person 2 again",
      }),
    ).toHaveTextContent("Send again");
  });

  it("puts the list in the selected tab's panel, which each tab names", async () => {
    mockApi({
      "GET /api/user": () => json(admin),
      "GET /api/admin/contact": () => json([inquiry(1, false)]),
    });
    renderApp(<InquiriesPage />, { path: "/admin/inquiries" });
    const card = await screen.findByTestId("inquiry-card");
    const tab = screen.getByRole("tab", { name: /All/ });
    const panel = screen.getByRole("tabpanel");
    expect(tab.getAttribute("aria-controls")).toBe(panel.id);
    expect(panel).toContainElement(card);
    await userEvent.setup().click(screen.getByRole("tab", { name: /Unread/ }));
    await waitFor(() =>
      expect(screen.getByRole("tab", { name: /Unread/ }).getAttribute("aria-controls")).toBe(
        screen.getByRole("tabpanel").id,
      ),
    );
  });
});
