import { QueryClientProvider } from "@tanstack/react-query";
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { ReactNode } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { Router } from "wouter";
import { memoryLocation } from "wouter/memory-location";
import { LanguageProvider } from "@/lib/i18n";
import { createQueryClient } from "@/lib/query-client";
import { inquiry } from "@/test/fixtures";
import { ContentPage } from "../content/content-page";
import { InquiriesPage } from "../inquiries/inquiries-page";
import { TestimonialsPage } from "../testimonials/testimonials-page";

type Answer = { status: number; body: unknown };

const user = { id: 1, username: "kari@example.no", displayName: "Kari", isAdmin: true };

/**
 * Answers the app's GETs from a table keyed by path (the logged-in admin at /api/user unless the
 * table says otherwise); anything else is a 404.
 */
function serve(routes: Record<string, Answer | (() => Answer)>) {
  const table: typeof routes = { "/api/user": { status: 200, body: user }, ...routes };
  const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
    const url = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
    const route = table[new URL(url, "http://localhost").pathname];
    const answer = typeof route === "function" ? route() : route;
    const { status, body } = answer ?? { status: 404, body: { message: "Not found" } };
    return new Response(JSON.stringify(body), {
      status,
      headers: { "Content-Type": "application/json" },
    });
  });
  vi.stubGlobal("fetch", fetchMock);
  return fetchMock;
}

function renderScreen(ui: ReactNode) {
  const { hook } = memoryLocation({ path: "/admin" });
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <LanguageProvider>
        <Router hook={hook}>{ui}</Router>
      </LanguageProvider>
    </QueryClientProvider>,
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("admin screens", () => {
  it("without the guard in front, the layout's own check explains a missing session", async () => {
    serve({ "/api/user": { status: 401, body: { message: "Not authenticated" } } });
    renderScreen(<InquiriesPage />);
    expect(await screen.findByText("You need to be logged in to access this page.")).toBeVisible();
    expect(screen.getByRole("link", { name: "Log in" })).toHaveAttribute("href", "/auth");
    expect(screen.queryByRole("heading", { name: "Inquiries" })).not.toBeInTheDocument();
  });

  it("sidebar: user, initial and unread badge", async () => {
    serve({
      "/api/admin/contact": {
        status: 200,
        body: [inquiry(1, false), inquiry(2, false), inquiry(3, true)],
      },
    });
    renderScreen(<InquiriesPage />);
    expect(await screen.findByTestId("unread-badge")).toHaveTextContent("2");
    expect(screen.getByText("kari@example.no")).toBeInTheDocument();
    expect(await screen.findByRole("tab", { name: "Unread (2)" })).toBeInTheDocument();
    expect(screen.getAllByText("New")).toHaveLength(2);
  });

  it("inquiries: an empty filter says so; a failed load offers Try Again", async () => {
    serve({ "/api/admin/contact": { status: 200, body: [inquiry(1, false)] } });
    const { unmount } = renderScreen(<InquiriesPage />);
    await userEvent.click(await screen.findByRole("tab", { name: "Read (0)" }));
    expect(await screen.findByText("No read inquiries found.")).toBeInTheDocument();
    expect(screen.getByTestId("unread-badge")).toHaveTextContent("1");
    unmount();

    vi.unstubAllGlobals();
    serve({ "/api/admin/contact": { status: 500, body: { message: "boom" } } });
    renderScreen(<InquiriesPage />);
    expect(await screen.findByText("Failed to load inquiries.")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Try Again" })).toBeInTheDocument();
  });

  it("testimonials: empty and error states", async () => {
    serve({ "/api/testimonials/no": { status: 200, body: [] } });
    const { unmount } = renderScreen(<TestimonialsPage />);
    expect(await screen.findByText("No testimonials found for this language.")).toBeInTheDocument();
    unmount();

    vi.unstubAllGlobals();
    serve({ "/api/testimonials/no": { status: 500, body: { message: "boom" } } });
    renderScreen(<TestimonialsPage />);
    expect(await screen.findByText("Failed to load testimonials.")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Try Again" })).toBeInTheDocument();
  });

  it("content: a missing section shows the amber notice and is not retried", async () => {
    const fetchMock = serve({});
    renderScreen(<ContentPage />);
    const hero = await screen.findByRole("tabpanel");
    expect(
      await within(hero).findByText(
        /This section does not exist yet in Norwegian\. Saving will create it\./,
      ),
    ).toBeInTheDocument();
    // It starts from the built-in texts the public page shows meanwhile, ready to save.
    expect(within(hero).getByLabelText("Tagline")).toHaveValue("UGC-skaper & innholdsprodusent");
    const heroCalls = fetchMock.mock.calls.filter(([u]) =>
      String(u).includes("/api/content/hero/no"),
    );
    expect(heroCalls).toHaveLength(1);
  });

  it("content: unsaved edits survive switching tab and language", async () => {
    serve({});
    renderScreen(<ContentPage />);
    const user = userEvent.setup();
    // By role: the hidden language's form is in the panel too, and roles skip hidden elements.
    const tagline = () =>
      within(screen.getByRole("tabpanel")).getByRole("textbox", { name: "Tagline" });
    await screen.findByRole("tabpanel");
    await waitFor(() => expect(tagline()).toHaveValue("UGC-skaper & innholdsprodusent"));
    await user.clear(tagline());
    await user.type(tagline(), "Ny tagline");

    await user.click(screen.getByRole("tab", { name: "About UGC" }));
    await user.click(screen.getByRole("tab", { name: "Hero Section" }));
    expect(tagline()).toHaveValue("Ny tagline");

    await user.click(screen.getByRole("combobox", { name: "Language" }));
    await user.click(await screen.findByRole("option", { name: "English" }));
    await waitFor(() => expect(tagline()).toHaveValue("UGC Creator & Content Producer"));
    await user.click(screen.getByRole("combobox", { name: "Language" }));
    await user.click(await screen.findByRole("option", { name: "Norwegian" }));
    expect(tagline()).toHaveValue("Ny tagline");
  }, 20_000); // many role queries over two languages' forms: slow in jsdom on a busy machine

  it("content: loaded text fills the form", async () => {
    serve({
      "/api/content/hero/no": {
        status: 200,
        body: {
          content: {
            tagline: "Hei",
            greeting: "Hallo",
            intro: "Jeg er Kari",
            description: "Video",
          },
        },
      },
    });
    renderScreen(<ContentPage />);
    expect(await screen.findByDisplayValue("Jeg er Kari")).toBeInTheDocument();
    expect(within(screen.getByRole("tabpanel")).queryByText(/Saving will create it/)).toBeNull();
  });
});
