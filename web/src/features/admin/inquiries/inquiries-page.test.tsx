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
});
