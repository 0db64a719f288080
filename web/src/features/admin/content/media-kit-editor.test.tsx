import { describe, expect, it } from "vitest";
import type { KitSettings } from "@/api/media-kit.admin";
import { toForm, toSettings } from "./media-kit-editor";

const saved: KitSettings = {
  name: "Kine Åsheim",
  listed: false,
  sections: ["packages", "numbers"],
  intro: { no: "Hei", en: "Hi" },
  niches: { no: "mat", en: "food" },
  figures: [{ platform: "TikTok", followers: 31000, engagement: 7.5, asOf: "2026-11-15" }],
  rights: [
    { kind: "organic", price: 0, months: 0 },
    { kind: "paid", price: 150050, months: 3 },
  ],
};

describe("the media kit form", () => {
  it("lists every section, the shown ones first in their order, and gives back what it was given", () => {
    const form = toForm(saved);
    expect(form.order).toEqual([
      { id: "packages", shown: true },
      { id: "numbers", shown: true },
      { id: "about", shown: false },
      { id: "work", shown: false },
      { id: "brands", shown: false },
      { id: "testimonials", shown: false },
    ]);
    expect(form.rights.map((r) => [r.kind, r.offered, r.kroner])).toEqual([
      ["organic", true, "0"],
      ["paid", true, "1500.5"],
      ["whitelisting", false, "0"],
      ["exclusivity", false, "0"],
    ]);
    expect(toSettings(form)).toEqual(saved);
  });

  it("reads kroner and percents as she types them (spaces, decimal commas) into øre and numbers", () => {
    const form = toForm(saved);
    form.rights[2] = { kind: "whitelisting", offered: true, kroner: "2 000,25", months: "6" };
    form.figures[0] = {
      platform: "Instagram",
      followers: "12 400",
      engagement: "4,2",
      asOf: "2026-11-01",
    };
    const out = toSettings(form);
    expect(out.rights).toContainEqual({ kind: "whitelisting", price: 200025, months: 6 });
    expect(out.figures).toEqual([
      { platform: "Instagram", followers: 12400, engagement: 4.2, asOf: "2026-11-01" },
    ]);
  });
});
