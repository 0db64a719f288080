import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { json, mockApi, renderApp } from "@/test/render-app";
import { AdminAccess } from "./admin-access";
import { AdminGuard } from "./admin-guard";

afterEach(() => {
  vi.unstubAllGlobals();
});

const location = () => screen.getByTestId("location").textContent;
const admin = { id: 1, username: "admin@example.no", displayName: "Admin", isAdmin: true };
const member = { id: 2, username: "kari@example.no", displayName: "Kari", isAdmin: false };
const loggedOut = () => json({ message: "Not logged in" }, 401);

describe("AdminGuard", () => {
  const guarded = (
    <AdminGuard>
      <p>admin screen</p>
    </AdminGuard>
  );

  it("shows a spinner while the user loads", () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(() => new Promise<Response>(() => {})),
    );
    renderApp(guarded, { path: "/admin" });
    expect(screen.getByRole("status")).toHaveTextContent("Loading");
    expect(screen.queryByText("admin screen")).not.toBeInTheDocument();
  });

  it("sends a visitor to /auth", async () => {
    mockApi({ "GET /api/user": loggedOut });
    renderApp(guarded, { path: "/admin" });
    await waitFor(() => expect(location()).toBe("/auth"));
    expect(screen.queryByText("admin screen")).not.toBeInTheDocument();
  });

  it("denies a non-admin with the spec's texts and a way home", async () => {
    mockApi({ "GET /api/user": () => json(member) });
    renderApp(guarded, { path: "/admin" });
    expect(await screen.findByRole("heading", { name: "Access Denied" })).toBeInTheDocument();
    expect(screen.getByText("You don't have permission to access this area.")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Go back home" })).toHaveAttribute("href", "/");
    expect(screen.queryByText("admin screen")).not.toBeInTheDocument();
  });

  it("lets a non-admin log out, with the spec's toast, and then asks to log in", async () => {
    mockApi({
      "GET /api/user": () => json(member),
      "POST /api/logout": () => new Response(null, { status: 204 }),
    });
    renderApp(guarded, { path: "/admin" });
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Log out" }));
    expect(await screen.findByText("Logged out")).toBeInTheDocument();
    expect(screen.getByText("You have been successfully logged out.")).toBeInTheDocument();
    await waitFor(() => expect(location()).toBe("/auth"));
  });

  it("shows 'Logout failed' with the message when logout fails", async () => {
    mockApi({
      "GET /api/user": () => json(member),
      "POST /api/logout": () => json({ message: "Internal server error" }, 500),
    });
    renderApp(guarded, { path: "/admin" });
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Log out" }));
    expect(await screen.findByText("Logout failed")).toBeInTheDocument();
    expect(screen.getByText("Internal server error")).toBeInTheDocument();
  });

  it("lets an admin in", async () => {
    mockApi({ "GET /api/user": () => json(admin) });
    renderApp(guarded, { path: "/admin" });
    expect(await screen.findByText("admin screen")).toBeInTheDocument();
  });
});

describe("AdminAccess (the admin layout's wrapper)", () => {
  const wrapped = (
    <AdminAccess>
      <p>admin layout</p>
    </AdminAccess>
  );

  it("asks a visitor to log in", async () => {
    mockApi({ "GET /api/user": loggedOut });
    renderApp(wrapped, { path: "/admin" });
    expect(await screen.findByRole("heading", { name: "Access Denied" })).toBeInTheDocument();
    expect(screen.getByText("You need to be logged in to access this page.")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Log in" })).toHaveAttribute("href", "/auth");
    expect(screen.queryByText("admin layout")).not.toBeInTheDocument();
  });

  it("tells a non-admin that admin access is required", async () => {
    mockApi({ "GET /api/user": () => json(member) });
    renderApp(wrapped, { path: "/admin" });
    expect(
      await screen.findByRole("heading", { name: "Admin Access Required" }),
    ).toBeInTheDocument();
    expect(
      screen.getByText("You need administrator privileges to access this page."),
    ).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Return to homepage" })).toHaveAttribute("href", "/");
    expect(screen.queryByText("admin layout")).not.toBeInTheDocument();
  });

  it("renders the layout for an admin", async () => {
    mockApi({ "GET /api/user": () => json(admin) });
    renderApp(wrapped, { path: "/admin" });
    expect(await screen.findByText("admin layout")).toBeInTheDocument();
  });
});
