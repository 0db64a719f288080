import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { format, initialLanguage, LanguageProvider, languageStorageKey, useLanguage } from ".";
import { defaultsEn } from "./defaults-en";
import { defaultsNo } from "./defaults-no";

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

describe("the language cookie and the home page's addresses", () => {
  function clearLanguageCookie() {
    // biome-ignore lint/suspicious/noDocumentCookie: test cleanup of a plain preference cookie.
    document.cookie = "language=; Max-Age=0; Path=/";
  }

  it("mirrors the choice in a cookie the server reads, and moves the home page to its address", async () => {
    clearLanguageCookie();
    window.history.replaceState(null, "", "/#work");
    const user = userEvent.setup();
    renderProbe();
    await user.click(screen.getByRole("button", { name: "English" }));
    expect(document.cookie).toContain("language=en");
    expect(window.location.pathname + window.location.hash).toBe("/en#work");
    await user.click(screen.getByRole("button", { name: "force norwegian" }));
    expect(document.cookie).toContain("language=no");
    expect(window.location.pathname).toBe("/");
  });

  it("starts in the language the server rendered, then follows the stored choice at /", async () => {
    clearLanguageCookie();
    window.history.replaceState(null, "", "/");
    localStorage.setItem(languageStorageKey, "en");
    render(
      <LanguageProvider language="no">
        <LanguageProbe />
      </LanguageProvider>,
    );
    expect(await screen.findByText("current: en")).toBeInTheDocument();
    expect(document.cookie).toContain("language=en");
    expect(window.location.pathname).toBe("/en");
  });

  it("keeps English at /en whatever was stored", () => {
    window.history.replaceState(null, "", "/en");
    localStorage.setItem(languageStorageKey, "no");
    expect(initialLanguage("/en")).toBe("en");
    expect(initialLanguage("/")).toBe("no");
    // The privacy page has an English address of its own too.
    expect(initialLanguage("/en/privacy")).toBe("en");
    expect(initialLanguage("/privacy")).toBe("no");
    render(
      <LanguageProvider language="en">
        <LanguageProbe />
      </LanguageProvider>,
    );
    expect(screen.getByText("current: en")).toBeInTheDocument();
    window.history.replaceState(null, "", "/");
  });
});

describe("a page's catalogue and built-in section texts", () => {
  it("takes the built-in texts the server's page carries, and loads them only without it", async () => {
    vi.resetModules(); // a page that has loaded nothing yet
    const fresh = await import("./language");
    const given = { ...defaultsNo, clients: { title: "Fra serverens side" } };
    fresh.registerDefaults("no", given);
    const no = await fresh.loadCatalogue("no");
    expect(no.defaults).toBe(given);
    expect(no.nav.contact).toBe("Kontakt");
    // The other language, switched to later, brings its own.
    const en = await fresh.loadCatalogue("en");
    expect(en.defaults).toEqual(defaultsEn);
    expect(en.nav.contact).toBe("Contact");
  });
});
