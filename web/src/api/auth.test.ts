import { afterEach, describe, expect, it } from "vitest";
import { json, mockApi } from "@/test/render-app";
import { dropSignedInHint, fetchCurrentUser, hasSignedInHint, signedInHintCookie } from "./auth";

const kari = { id: 1, username: "kari@example.no", displayName: "Kari", isAdmin: false };

function setHint() {
  // biome-ignore lint/suspicious/noDocumentCookie: the test plays the server setting the hint.
  document.cookie = `${signedInHintCookie}=1; Path=/`;
}

describe("the current user lookup and the signed-in hint", () => {
  afterEach(() => dropSignedInHint());

  it("does not ask GET /api/user without the hint (a visitor: it could only answer 401)", async () => {
    dropSignedInHint();
    const fetchMock = mockApi({ "GET /api/user": () => json(kari) });
    expect(await fetchCurrentUser()).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("asks when the hint is present and answers the user", async () => {
    setHint();
    const fetchMock = mockApi({ "GET /api/user": () => json(kari) });
    expect(await fetchCurrentUser()).toEqual(kari);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(hasSignedInHint()).toBe(true);
  });

  it("drops the hint when the lookup answers 401, so the next page does not ask again", async () => {
    setHint();
    const fetchMock = mockApi({
      "GET /api/user": () => json({ message: "Not authenticated" }, 401),
    });
    expect(await fetchCurrentUser()).toBeNull();
    expect(hasSignedInHint()).toBe(false);
    expect(await fetchCurrentUser()).toBeNull();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it("keeps the hint on other failures (the session may well be alive)", async () => {
    setHint();
    mockApi({ "GET /api/user": () => json({ message: "boom" }, 500) });
    expect(await fetchCurrentUser()).toBeNull();
    expect(hasSignedInHint()).toBe(true);
  });

  it("reads only its own cookie, by exact name and value", () => {
    dropSignedInHint();
    // biome-ignore lint/suspicious/noDocumentCookie: a neighbour cookie with a similar name.
    document.cookie = "xugcfolio_signed_in=1; Path=/";
    expect(hasSignedInHint()).toBe(false);
    // biome-ignore lint/suspicious/noDocumentCookie: clean up the neighbour.
    document.cookie = "xugcfolio_signed_in=; Max-Age=0; Path=/";
  });
});
