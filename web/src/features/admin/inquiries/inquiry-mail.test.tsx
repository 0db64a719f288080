import { describe, expect, it } from "vitest";
import { replyHref } from "./inquiry-mail";

describe("reply link", () => {
  it("opens the sender's address with a Re: subject in the inquiry's language", () => {
    expect(replyHref({ email: "kari@bedrift.no", service: "Pakketilbud 1", language: "no" })).toBe(
      "mailto:kari@bedrift.no?subject=Re%3A%20Din%20henvendelse%20om%20Pakketilbud%201",
    );
    expect(replyHref({ email: "ann@brand.com", service: "", language: "en" })).toBe(
      "mailto:ann@brand.com?subject=Re%3A%20Your%20inquiry",
    );
  });

  it("keeps a tricky address from adding fields to the link", () => {
    const href = replyHref({ email: "a&cc=x?y@ex.no", service: "", language: undefined });
    const url = new URL(href);
    expect(decodeURIComponent(url.pathname)).toBe("a&cc=x?y@ex.no");
    expect([...url.searchParams.keys()]).toEqual(["subject"]);
    expect(url.searchParams.get("subject")).toBe("Re: Din henvendelse");
  });
});
