import { describe, expect, it } from "vitest";
import { loginSchema } from "./schemas";

describe("password rules", () => {
  it("refuses over 1024 UTF-8 bytes, as the server does", () => {
    const messages = (password: string) =>
      loginSchema
        .safeParse({ username: "kari@example.no", password })
        .error?.issues.map((issue) => issue.message) ?? [];
    expect(messages("x".repeat(1024))).toEqual([]);
    expect(messages("x".repeat(1025))).toEqual(["Password must be at most 1024 bytes"]);
    expect(messages("ø".repeat(513))).toEqual(["Password must be at most 1024 bytes"]); // 1026 bytes
  });
});
