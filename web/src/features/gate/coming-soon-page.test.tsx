import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { hasSiteAccess, siteAccessKey } from "@/api/site-access";
import { json, mockApi, renderApp, sentBodies } from "@/test/render-app";
import { ComingSoonPage } from "./coming-soon-page";

afterEach(() => {
  vi.unstubAllGlobals();
});

const location = () => screen.getByTestId("location").textContent;

describe("/coming-soon", () => {
  it("requires both fields and sends nothing without them", async () => {
    const fetchMock = mockApi({});
    renderApp(<ComingSoonPage />, { path: "/coming-soon" });
    const user = userEvent.setup();

    await user.click(screen.getByRole("button", { name: "Få tilgang" }));
    expect(await screen.findByText("Brukernavn er påkrevd")).toBeInTheDocument();
    expect(screen.getByText("Passord er påkrevd")).toBeInTheDocument();

    await user.type(screen.getByLabelText("Brukernavn"), "preview");
    await user.click(screen.getByRole("button", { name: "Få tilgang" }));
    expect(screen.queryByText("Brukernavn er påkrevd")).not.toBeInTheDocument();
    expect(screen.getByText("Passord er påkrevd")).toBeInTheDocument();
    expect(sentBodies(fetchMock, "POST", "/api/site-access")).toEqual([]);
  });

  it("shows the spec's message on wrong credentials and stays locked", async () => {
    const fetchMock = mockApi({
      "POST /api/site-access": () => json({ message: "Wrong username or password" }, 401),
    });
    renderApp(<ComingSoonPage />, { path: "/coming-soon" });
    const user = userEvent.setup();

    await user.type(screen.getByLabelText("Brukernavn"), "preview");
    await user.type(screen.getByLabelText("Passord"), "gjetting");
    await user.click(screen.getByRole("button", { name: "Få tilgang" }));

    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent("Feil brukernavn eller passord");
    expect(alert).toHaveTextContent("Vennligst prøv igjen");
    expect(sentBodies(fetchMock, "POST", "/api/site-access")).toEqual([
      { username: "preview", password: "gjetting" },
    ]);
    expect(hasSiteAccess()).toBe(false);
    expect(location()).toBe("/coming-soon");
  });

  it("says to wait when the server rate-limits", async () => {
    mockApi({ "POST /api/site-access": () => json({ message: "Too many requests" }, 429) });
    renderApp(<ComingSoonPage />, { path: "/coming-soon" });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText("Brukernavn"), "preview");
    await user.type(screen.getByLabelText("Passord"), "gjetting");
    await user.click(screen.getByRole("button", { name: "Få tilgang" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("For mange forsøk");
  });

  it("stores the session flag and goes home on success", async () => {
    mockApi({ "POST /api/site-access": () => new Response(null, { status: 204 }) });
    renderApp(<ComingSoonPage />, { path: "/coming-soon" });
    const user = userEvent.setup();

    await user.type(screen.getByLabelText("Brukernavn"), "preview");
    await user.type(screen.getByLabelText("Passord"), "sommer-2025");
    await user.click(screen.getByRole("button", { name: "Få tilgang" }));

    await waitFor(() => expect(location()).toBe("/"));
    expect(sessionStorage.getItem(siteAccessKey)).toBe("granted");
    expect(localStorage.getItem(siteAccessKey)).toBeNull(); // per browser session only
  });
});
