import { describe, expect, it } from "vitest";
import { contactMessages, contactSchema, emptyContact } from "./contact-schema";

const valid = {
  ...emptyContact,
  name: "Kari",
  email: "kari@example.no",
  message: "Hei, vi vil ha tre videoer.",
};

function firstMessage(values: unknown): string | undefined {
  const result = contactSchema.safeParse(values);
  return result.success ? undefined : result.error.issues[0]?.message;
}

describe("contactSchema", () => {
  it("accepts a valid inquiry and trims it", () => {
    const result = contactSchema.safeParse({ ...valid, name: "  Kari  ", service: "Skreddersydd" });
    expect(result.success && result.data.name).toBe("Kari");
  });

  it.each([
    [{ ...valid, name: "K" }, contactMessages.name],
    [{ ...valid, name: "  K  " }, contactMessages.name],
    [{ ...valid, email: "kari" }, contactMessages.email],
    [{ ...valid, email: "kari@" }, contactMessages.email],
    [{ ...valid, message: "Too short" }, contactMessages.message],
    [{ ...valid, name: "n".repeat(201) }, contactMessages.nameTooLong],
    [{ ...valid, company: "c".repeat(201) }, contactMessages.companyTooLong],
    [{ ...valid, message: "m".repeat(5001) }, contactMessages.messageTooLong],
  ])("refuses %o with its message", (values, message) => {
    expect(firstMessage(values)).toBe(message);
  });

  it("uses the spec's exact messages", () => {
    expect(contactMessages.email).toBe("Please enter a valid email address");
    expect(contactMessages.name).toBe("Name must be at least 2 characters");
    expect(contactMessages.message).toBe("Message must be at least 10 characters");
  });

  it("accepts only the four service options or none", () => {
    for (const service of ["", "Enkeltvideo", "Pakketilbud 1", "Pakketilbud 2", "Skreddersydd"]) {
      expect(contactSchema.safeParse({ ...valid, service }).success).toBe(true);
    }
    expect(contactSchema.safeParse({ ...valid, service: "Gratis" }).success).toBe(false);
  });
});
