import { describe, expect, it } from "vitest";
import { formatInquiryDate } from "./inquiries-page";

describe("inquiry date", () => {
  it("reads like 'MMM d, yyyy • h:mm a'", () => {
    const local = new Date(2025, 2, 7, 14, 5);
    expect(formatInquiryDate(local.toISOString())).toBe("Mar 7, 2025 • 2:05 PM");
  });
});
