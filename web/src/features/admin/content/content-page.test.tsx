import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { SectionForm } from "./content-page";
import { sections, toContent, toValues } from "./content-sections";

function section(id: string) {
  const found = sections.find((s) => s.id === id);
  if (!found) throw new Error(`no section ${id}`);
  return found;
}
const hero = section("hero");
const about = section("about");

describe("content section form", () => {
  it("requires every field and does not save", async () => {
    const onSave = vi.fn();
    render(
      <SectionForm
        section={hero}
        language="no"
        defaults={toValues(hero, {})}
        saving={false}
        onSave={onSave}
      />,
    );
    await userEvent.click(screen.getByRole("button", { name: "Save Changes" }));

    for (const msg of [
      "Tagline is required",
      "Greeting is required",
      "Intro is required",
      "Description is required",
    ]) {
      expect(await screen.findByText(msg)).toBeInTheDocument();
    }
    expect(onSave).not.toHaveBeenCalled();
  });

  it("rejects a blank (spaces only) field and saves once it is filled", async () => {
    const onSave = vi.fn();
    const defaults = toValues(hero, {
      tagline: "t",
      greeting: "g",
      intro: "   ",
      description: "d",
    });
    render(
      <SectionForm
        section={hero}
        language="no"
        defaults={defaults}
        saving={false}
        onSave={onSave}
      />,
    );
    await userEvent.click(screen.getByRole("button", { name: "Save Changes" }));
    expect(await screen.findByText("Intro is required")).toBeInTheDocument();
    expect(onSave).not.toHaveBeenCalled();

    await userEvent.type(screen.getByLabelText("Intro"), "Hello");
    await userEvent.click(screen.getByRole("button", { name: "Save Changes" }));
    await vi.waitFor(() => expect(onSave).toHaveBeenCalledTimes(1));
    expect(onSave.mock.calls[0]?.[0]).toMatchObject({ intro: "Hello", tagline: "t" });
  });

  it("shows a field over 100 characters multiline", () => {
    const long = "x".repeat(101);
    render(
      <SectionForm
        section={hero}
        language="no"
        defaults={toValues(hero, {
          tagline: "short",
          greeting: "g",
          intro: "i",
          description: long,
        })}
        saving={false}
        onSave={() => {}}
      />,
    );
    expect(screen.getByLabelText("Description").tagName).toBe("TEXTAREA");
    expect(screen.getByLabelText("Tagline").tagName).toBe("INPUT");
  });

  it("edits about's statistics as {number, text} objects", () => {
    const content = {
      title: "a",
      description1: "b",
      description2: "c",
      stat1: { number: "79%", text: "t1" },
      stat2: { number: "2.4x", text: "t2" },
      stat3: { number: "73%", text: "t3" },
    };
    const values = toValues(about, content);
    expect(values["stat2.number"]).toBe("2.4x");
    expect(toContent(values)).toEqual(content);
  });
});
