import { QueryClientProvider } from "@tanstack/react-query";
import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { Router } from "wouter";
import { memoryLocation } from "wouter/memory-location";
import { AppRouter } from "@/app/router";
import { LanguageProvider } from "@/lib/i18n";
import { createQueryClient } from "@/lib/query-client";

function renderAt(path: string) {
  const { hook } = memoryLocation({ path });
  // The home page reads the API (content, portfolio, the current user): it needs the data cache.
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <LanguageProvider>
        <Router hook={hook}>
          <AppRouter />
        </Router>
      </LanguageProvider>
    </QueryClientProvider>,
  );
}

describe("not-found screen", () => {
  it("is shown for a path the router does not know", () => {
    renderAt("/no-such-page");

    expect(
      screen.getByRole("heading", { level: 1, name: "404 Page Not Found" }),
    ).toBeInTheDocument();
    expect(screen.getByText("Did you forget to add the page to the router?")).toBeInTheDocument();
    // Off the home page the navigation offers the way back instead of the section anchors.
    expect(screen.getAllByRole("link", { name: "Tilbake til forsiden" })[0]).toHaveAttribute(
      "href",
      "/",
    );
    expect(screen.queryByRole("link", { name: "Priser" })).not.toBeInTheDocument();
  });

  it("is shown, for anyone, for an address under /admin that names no admin screen", async () => {
    renderAt("/admin/no-such-screen");
    // The admin's routes load lazily; the 404 screen comes, not the sign-in page.
    expect(
      await screen.findByRole("heading", { level: 1, name: "404 Page Not Found" }),
    ).toBeInTheDocument();
  });

  it("is not shown for a known route", () => {
    renderAt("/");

    expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent(
      "Hei, jeg lager innhold som selger",
    );
    expect(screen.queryByText("404 Page Not Found")).not.toBeInTheDocument();
  });
});
