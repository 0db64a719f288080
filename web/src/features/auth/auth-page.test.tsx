import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { json, mockApi, renderApp, sentBodies } from "@/test/render-app";
import { AuthPage } from "./auth-page";

afterEach(() => {
  vi.unstubAllGlobals();
});

const kari = { id: 1, username: "kari@example.no", displayName: "Kari", isAdmin: false };
const loggedOut = () => json({ message: "Not logged in" }, 401);

function location() {
  return screen.getByTestId("location").textContent;
}

describe("/auth login tab", () => {
  it("shows the spec's messages and sends nothing while the form is invalid", async () => {
    const fetchMock = mockApi({ "GET /api/user": loggedOut });
    renderApp(<AuthPage />, { path: "/auth" });
    const user = userEvent.setup();

    await user.click(await screen.findByRole("button", { name: "Log in" }));
    expect(await screen.findByText("Please enter a valid email address")).toBeInTheDocument();
    expect(screen.getByText("Password must be at least 6 characters")).toBeInTheDocument();

    await user.type(screen.getByLabelText("Email"), "kari@example");
    await user.type(screen.getByLabelText("Password"), "12345");
    await user.click(screen.getByRole("button", { name: "Log in" }));
    expect(screen.getByText("Please enter a valid email address")).toBeInTheDocument();
    expect(screen.getByText("Password must be at least 6 characters")).toBeInTheDocument();
    expect(sentBodies(fetchMock, "POST", "/api/login")).toEqual([]);
  });

  it("logs in, greets with the spec's toast and goes home", async () => {
    const fetchMock = mockApi({ "GET /api/user": loggedOut, "POST /api/login": () => json(kari) });
    renderApp(<AuthPage />, { path: "/auth" });
    const user = userEvent.setup();

    await user.type(await screen.findByLabelText("Email"), "kari@example.no");
    await user.type(screen.getByLabelText("Password"), "hemmelig");
    await user.click(screen.getByRole("button", { name: "Log in" }));

    expect(await screen.findByText("Welcome back!")).toBeInTheDocument();
    expect(screen.getByText("You have successfully logged in.")).toBeInTheDocument();
    expect(sentBodies(fetchMock, "POST", "/api/login")).toEqual([
      { username: "kari@example.no", password: "hemmelig" },
    ]);
    await waitFor(() => expect(location()).toBe("/"));
  });

  it("forgets the lists cached for the visitor: an admin's hold hidden items", async () => {
    mockApi({ "GET /api/user": loggedOut, "POST /api/login": () => json(kari) });
    const { queryClient } = renderApp(<AuthPage />, { path: "/auth" });
    queryClient.setQueryData(["/api/portfolio/no"], []);
    queryClient.setQueryData(["/api/testimonials/en"], []);
    queryClient.setQueryData(["/api/content/no"], {});
    const user = userEvent.setup();

    await user.type(await screen.findByLabelText("Email"), "kari@example.no");
    await user.type(screen.getByLabelText("Password"), "hemmelig");
    await user.click(screen.getByRole("button", { name: "Log in" }));

    await waitFor(() => expect(location()).toBe("/"));
    expect(queryClient.getQueryData(["/api/portfolio/no"])).toBeUndefined();
    expect(queryClient.getQueryData(["/api/testimonials/en"])).toBeUndefined();
    expect(queryClient.getQueryData(["/api/content/no"])).toEqual({}); // the same for everyone
  });

  it("shows 'Login failed' with the server's message", async () => {
    mockApi({
      "GET /api/user": loggedOut,
      "POST /api/login": () => json({ message: "Invalid username or password" }, 401),
    });
    renderApp(<AuthPage />, { path: "/auth" });
    const user = userEvent.setup();

    await user.type(await screen.findByLabelText("Email"), "kari@example.no");
    await user.type(screen.getByLabelText("Password"), "feil-passord");
    await user.click(screen.getByRole("button", { name: "Log in" }));

    expect(await screen.findByText("Login failed")).toBeInTheDocument();
    expect(screen.getByText("Invalid username or password")).toBeInTheDocument();
    // The destructive style: sonner's error toast (red with richColors).
    expect(screen.getByText("Login failed").closest("[data-sonner-toast]")).toHaveAttribute(
      "data-type",
      "error",
    );
    expect(location()).toBe("/auth");
  });
});

describe("/auth failures", () => {
  it("shows the status, never a proxy's HTML page, when login fails without a message", async () => {
    mockApi({
      "GET /api/user": loggedOut,
      "POST /api/login": () =>
        new Response("<html><body>502 Bad Gateway</body></html>", {
          status: 502,
          statusText: "Bad Gateway",
        }),
    });
    renderApp(<AuthPage />, { path: "/auth" });
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText("Email"), "kari@example.no");
    await user.type(screen.getByLabelText("Password"), "hemmelig");
    await user.click(screen.getByRole("button", { name: "Log in" }));
    // (The toaster is shared by this file's tests: another test's toast may still be up.)
    expect(await screen.findByText("502: Bad Gateway")).toBeInTheDocument();
    expect(document.body.textContent).not.toContain("<html");
  });
});

describe("/auth register tab", () => {
  it("opens first with ?register=true", async () => {
    mockApi({ "GET /api/user": loggedOut });
    renderApp(<AuthPage />, { path: "/auth?register=true" });
    expect(await screen.findByRole("tab", { name: "Register" })).toHaveAttribute(
      "aria-selected",
      "true",
    );
    expect(screen.getByLabelText("Confirm password")).toBeInTheDocument();
  });

  it("opens on login without it", async () => {
    mockApi({ "GET /api/user": loggedOut });
    renderApp(<AuthPage />, { path: "/auth" });
    expect(await screen.findByRole("tab", { name: "Login" })).toHaveAttribute(
      "aria-selected",
      "true",
    );
    expect(screen.queryByLabelText("Confirm password")).not.toBeInTheDocument();
  });

  it("shows the spec's messages, 'Passwords do not match' on the confirmation", async () => {
    const fetchMock = mockApi({ "GET /api/user": loggedOut });
    renderApp(<AuthPage />, { path: "/auth?register=true" });
    const user = userEvent.setup();

    await user.type(await screen.findByLabelText("Email"), "not-an-address");
    await user.type(screen.getByLabelText("Password"), "12345");
    await user.type(screen.getByLabelText("Confirm password"), "1234");
    await user.click(screen.getByRole("button", { name: "Create account" }));

    expect(await screen.findByText("Please enter a valid email address")).toBeInTheDocument();
    expect(screen.getByText("Password must be at least 6 characters")).toBeInTheDocument();
    const confirm = screen.getByLabelText("Confirm password");
    expect(confirm).toHaveAccessibleDescription("Passwords do not match");
    expect(sentBodies(fetchMock, "POST", "/api/register")).toEqual([]);
  });

  it("sends the display name but not the confirmation, then toasts", async () => {
    const fetchMock = mockApi({
      "GET /api/user": loggedOut,
      "POST /api/register": () => json(kari, 201),
    });
    renderApp(<AuthPage />, { path: "/auth?register=true" });
    const user = userEvent.setup();

    await user.type(await screen.findByLabelText("Email"), "kari@example.no");
    await user.type(screen.getByLabelText("Display name"), "Kari");
    await user.type(screen.getByLabelText("Password"), "hemmelig");
    await user.type(screen.getByLabelText("Confirm password"), "hemmelig");
    await user.click(screen.getByRole("button", { name: "Create account" }));

    expect(await screen.findByText("Registration successful")).toBeInTheDocument();
    expect(screen.getByText("Your account has been created.")).toBeInTheDocument();
    expect(sentBodies(fetchMock, "POST", "/api/register")).toEqual([
      { username: "kari@example.no", password: "hemmelig", displayName: "Kari" },
    ]);
    await waitFor(() => expect(location()).toBe("/"));
  });

  it("shows 'Registration failed' with the server's message", async () => {
    mockApi({
      "GET /api/user": loggedOut,
      "POST /api/register": () => json({ message: "Username already exists" }, 409),
    });
    renderApp(<AuthPage />, { path: "/auth?register=true" });
    const user = userEvent.setup();

    await user.type(await screen.findByLabelText("Email"), "kari@example.no");
    await user.type(screen.getByLabelText("Password"), "hemmelig");
    await user.type(screen.getByLabelText("Confirm password"), "hemmelig");
    await user.click(screen.getByRole("button", { name: "Create account" }));

    expect(await screen.findByText("Registration failed")).toBeInTheDocument();
    expect(screen.getByText("Username already exists")).toBeInTheDocument();
  });
});

describe("/auth page", () => {
  it("shows a spinner while the user loads", () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(() => new Promise<Response>(() => {})),
    );
    renderApp(<AuthPage />, { path: "/auth" });
    expect(screen.getByRole("status")).toHaveTextContent("Loading");
    expect(screen.queryByRole("tab")).not.toBeInTheDocument();
  });

  it("sends a logged-in user home", async () => {
    mockApi({ "GET /api/user": () => json(kari) });
    renderApp(<AuthPage />, { path: "/auth" });
    await waitFor(() => expect(location()).toBe("/"));
  });

  it("lands the creator on her dashboard when she logs in", async () => {
    const admin = { ...kari, isAdmin: true };
    mockApi({ "GET /api/user": loggedOut, "POST /api/login": () => json(admin) });
    renderApp(<AuthPage />, { path: "/auth" });
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText("Email"), "kari@example.no");
    await user.type(screen.getByLabelText("Password"), "hemmelig");
    await user.click(screen.getByRole("button", { name: "Log in" }));
    await waitFor(() => expect(location()).toBe("/admin"));
  });

  it("offers the way back home and the dashboard side panel", async () => {
    mockApi({ "GET /api/user": loggedOut });
    renderApp(<AuthPage />, { path: "/auth" });
    const user = userEvent.setup();
    expect(
      await screen.findByRole("heading", { name: "Your creator business, in one place" }),
    ).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Return to Homepage" }));
    expect(location()).toBe("/");
  });
});
