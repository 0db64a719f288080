import { describe, expect, it } from "vitest";
import { formatDay, formatMoment } from "./dates";

describe("dates", () => {
  it("writes a moment like 'MMM d, yyyy • h:mm a', in the browser's time zone", () => {
    const local = new Date(2025, 2, 7, 14, 5);
    expect(formatMoment(local.toISOString())).toBe("Mar 7, 2025 • 2:05 PM");
    expect(formatMoment(new Date(2025, 11, 31, 0, 30).toISOString())).toBe(
      "Dec 31, 2025 • 12:30 AM",
    );
  });

  it("writes a calendar day like 'MMM d, yyyy', the same day in any time zone", () => {
    expect(formatDay("2025-03-07")).toBe("Mar 7, 2025");
    expect(formatDay("2026-01-01")).toBe("Jan 1, 2026");
  });
});
