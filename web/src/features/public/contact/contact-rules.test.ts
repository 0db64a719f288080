import { describe, expect, it } from "vitest";
import { checkForm } from "@/lib/form-rules";
import { contactMessages, contactRules, emptyContact } from "./contact-rules";

const valid = {
  ...emptyContact,
  name: "Kari",
  email: "kari@example.no",
  message: "Hei, vi vil ha tre videoer.",
};

function firstMessage(values: typeof valid): string | undefined {
  return Object.values(checkForm(contactRules, values).errors)[0];
}

describe("contactRules", () => {
  it("accepts a valid inquiry and trims it", () => {
    const result = checkForm(contactRules, { ...valid, name: "  Kari  ", service: "Skreddersydd" });
    expect(result.errors).toEqual({});
    expect(result.values.name).toBe("Kari");
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
      expect(checkForm(contactRules, { ...valid, service }).errors).toEqual({});
    }
    expect(checkForm(contactRules, { ...valid, service: "Gratis" }).errors).toEqual({
      service: contactMessages.service,
    });
  });

  it("gives every invalid field its message, in the form's order, and leaves the honeypot as it is", () => {
    const result = checkForm(contactRules, { ...emptyContact, website: " bot " });
    expect(result.errors).toEqual({
      name: contactMessages.nameRequired,
      email: contactMessages.email,
      message: contactMessages.message,
    });
    expect(Object.keys(result.errors)).toEqual(["name", "email", "message"]);
    expect(result.values.website).toBe(" bot ");
  });
});
