import { screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { renderApp } from "@/test/render-app";
import { PitchNoticeWhenReferred } from "./home-page";

const address = () => window.location.pathname + window.location.search + window.location.hash;

describe("a visit through a pitch link", () => {
  afterEach(() => window.history.replaceState(null, "", "/"));

  it("shows the notice and drops ref from the address once the page is live", async () => {
    // The server counted the visit as the link's when it served the page: a copied or forwarded
    // address must not carry the token on to someone else.
    window.history.replaceState(null, "", "/en?ref=abcdefghijklmnop&utm_source=mail#work");
    renderApp(<PitchNoticeWhenReferred />);
    expect(await screen.findByTestId("pitch-notice")).toBeInTheDocument();
    expect(address()).toBe("/en?utm_source=mail#work");
  });

  it("leaves an address without ref as it is, and shows no notice", () => {
    window.history.replaceState(null, "", "/?utm_source=mail");
    renderApp(<PitchNoticeWhenReferred />);
    expect(screen.queryByTestId("pitch-notice")).not.toBeInTheDocument();
    expect(address()).toBe("/?utm_source=mail");
  });
});
