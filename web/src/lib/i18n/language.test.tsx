import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { format, LanguageProvider, languageStorageKey, useLanguage } from ".";

function LanguageProbe() {
  const { language, toggle, setLanguage, t } = useLanguage();
  return (
    <div>
      <p>current: {language}</p>
      <p>{t.nav.contact}</p>
      <button type="button" onClick={toggle}>
        {t.language.switchTo}
      </button>
      <button type="button" onClick={() => setLanguage("no")}>
        force norwegian
      </button>
    </div>
  );
}

function renderProbe() {
  return render(
    <LanguageProvider>
      <LanguageProbe />
    </LanguageProvider>,
  );
}

describe("LanguageProvider", () => {
  it("defaults to Norwegian and sets <html lang>", () => {
    renderProbe();
    expect(screen.getByText("current: no")).toBeInTheDocument();
    expect(screen.getByText("Kontakt")).toBeInTheDocument();
    expect(document.documentElement.lang).toBe("no");
  });

  it("toggles, persists the choice and updates <html lang>", async () => {
    const user = userEvent.setup();
    renderProbe();

    await user.click(screen.getByRole("button", { name: "English" }));

    expect(screen.getByText("current: en")).toBeInTheDocument();
    expect(screen.getByText("Contact")).toBeInTheDocument();
    expect(localStorage.getItem(languageStorageKey)).toBe("en");
    expect(document.documentElement.lang).toBe("en");

    await user.click(screen.getByRole("button", { name: "force norwegian" }));
    expect(localStorage.getItem(languageStorageKey)).toBe("no");
    expect(document.documentElement.lang).toBe("no");
  });

  it("restores the stored language on the next visit", () => {
    localStorage.setItem(languageStorageKey, "en");
    renderProbe();
    expect(screen.getByText("current: en")).toBeInTheDocument();
    expect(document.documentElement.lang).toBe("en");
  });

  it("ignores an unknown stored value", () => {
    localStorage.setItem(languageStorageKey, "de");
    renderProbe();
    expect(screen.getByText("current: no")).toBeInTheDocument();
  });
});

describe("format", () => {
  it("fills placeholders and leaves unknown ones visible", () => {
    expect(format("No {filter} inquiries found.", { filter: "unread" })).toBe(
      "No unread inquiries found.",
    );
    expect(format("Mail {email}", {})).toBe("Mail {email}");
  });
});
