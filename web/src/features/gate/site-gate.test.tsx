import { screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { grantSiteAccess, isGateExempt } from "@/api/site-access";
import { json, mockApi, renderApp } from "@/test/render-app";
import { SiteGate } from "./site-gate";

afterEach(() => {
  vi.unstubAllGlobals();
});

const location = () => screen.getByTestId("location").textContent;
const loggedOut = () => json({ message: "Not logged in" }, 401);
const page = (
  <SiteGate>
    <p>the page</p>
  </SiteGate>
);

describe("SiteGate", () => {
  it("sends a visitor without the flag to /coming-soon when the gate is on", async () => {
    mockApi({ "GET /api/site": () => json({ gate: true }), "GET /api/user": loggedOut });
    renderApp(page, { path: "/" });
    // Nothing of the page shows at "/" while the server is asked.
    expect(screen.getByRole("status")).toHaveTextContent("Laster…");
    expect(screen.queryByText("the page")).not.toBeInTheDocument();
    await waitFor(() => expect(location()).toBe("/coming-soon"));
  });

  it("lets everyone through when the gate is off", async () => {
    const fetchMock = mockApi({
      "GET /api/site": () => json({ gate: false }),
      "GET /api/user": loggedOut,
    });
    renderApp(page, { path: "/" });
    expect(await screen.findByText("the page")).toBeInTheDocument();
    expect(location()).toBe("/");
    // No user lookup (a visitor's 401 would be logged in the browser console).
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual(["/api/site"]);
  });

  it("lets a visitor with the flag through", async () => {
    grantSiteAccess();
    mockApi({ "GET /api/site": () => json({ gate: true }), "GET /api/user": loggedOut });
    renderApp(page, { path: "/" });
    expect(await screen.findByText("the page")).toBeInTheDocument();
  });

  it("lets an admin through", async () => {
    mockApi({
      "GET /api/site": () => json({ gate: true }),
      "GET /api/user": () => json({ id: 1, username: "a@b.no", displayName: "", isAdmin: true }),
    });
    renderApp(page, { path: "/" });
    expect(await screen.findByText("the page")).toBeInTheDocument();
  });

  it("does not let a logged-in non-admin through", async () => {
    mockApi({
      "GET /api/site": () => json({ gate: true }),
      "GET /api/user": () => json({ id: 2, username: "u@b.no", displayName: "", isAdmin: false }),
    });
    renderApp(page, { path: "/" });
    await waitFor(() => expect(location()).toBe("/coming-soon"));
  });

  it.each(["/coming-soon", "/auth", "/auth?register=true"])("exempts %s", async (path) => {
    mockApi({ "GET /api/site": () => json({ gate: true }), "GET /api/user": loggedOut });
    renderApp(page, { path });
    expect(await screen.findByText("the page")).toBeInTheDocument();
    expect(location()).toBe(path.split("?")[0]);
  });

  it("knows the exempt paths", () => {
    expect(isGateExempt("/coming-soon")).toBe(true);
    expect(isGateExempt("/auth")).toBe(true);
    expect(isGateExempt("/api/user")).toBe(true);
    expect(isGateExempt("/")).toBe(false);
    expect(isGateExempt("/admin")).toBe(false);
    expect(isGateExempt("/coming-soon-ish")).toBe(false);
  });
});
