import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { Router } from "wouter";
import { memoryLocation } from "wouter/memory-location";
import { AppRouter } from "@/app/router";
import { LanguageProvider } from "@/lib/i18n";

function renderAt(path: string) {
  const { hook } = memoryLocation({ path });
  return render(
    <LanguageProvider>
      <Router hook={hook}>
        <AppRouter />
      </Router>
    </LanguageProvider>,
  );
}

describe("not-found screen", () => {
  it("is shown for a path the router does not know", () => {
    renderAt("/no-such-page");

    expect(
      screen.getByRole("heading", { level: 1, name: "404 Page Not Found" }),
    ).toBeInTheDocument();
    expect(screen.getByText("Did you forget to add the page to the router?")).toBeInTheDocument();
  });

  it("is not shown for a known route", () => {
    renderAt("/");

    expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent(
      "UGC-skaper og innholdsprodusent",
    );
    expect(screen.queryByText("404 Page Not Found")).not.toBeInTheDocument();
  });
});
