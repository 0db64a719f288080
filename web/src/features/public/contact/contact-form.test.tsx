import { QueryClientProvider } from "@tanstack/react-query";
import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { toast } from "@/components/ui/toaster";
import { LanguageProvider } from "@/lib/i18n";
import { createQueryClient } from "@/lib/query-client";
import { chooseService } from "./chosen-service";
import { ContactForm } from "./contact-form";

vi.mock("@/components/ui/toaster", () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

function renderForm() {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <LanguageProvider>
        <ContactForm />
      </LanguageProvider>
    </QueryClientProvider>,
  );
}

async function fillValid(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText("Navn"), "Kari Nordmann");
  await user.type(screen.getByLabelText("E-post"), "kari@example.no");
  await user.selectOptions(screen.getByLabelText("Tjeneste (valgfritt)"), "Skreddersydd løsning");
  await user.type(screen.getByLabelText("Melding"), "Tre videoer til lansering, takk.");
}

describe("ContactForm", () => {
  it("selects the package a pricing card chose, before it loaded and after", async () => {
    chooseService("Pakketilbud 1");
    const { unmount } = renderForm();
    const service = screen.getByLabelText("Tjeneste (valgfritt)");
    expect(service).toHaveValue("Pakketilbud 1");
    expect(
      screen.getByRole("option", { name: "Pakketilbud 1", selected: true }),
    ).toBeInTheDocument();
    chooseService("Pakketilbud 2");
    expect(service).toHaveValue("Pakketilbud 2");
    unmount();
    chooseService(""); // the next tests start with nothing chosen
  });

  it("shows the spec's messages and sends nothing while invalid", async () => {
    const fetchSpy = vi.spyOn(globalThis, "fetch");
    const user = userEvent.setup();
    renderForm();
    await user.click(screen.getByRole("button", { name: "Send melding" }));
    // An empty name is asked for, not said to be too short.
    expect(await screen.findByText("Please enter your name")).toBeInTheDocument();
    expect(screen.getByText("Please enter a valid email address")).toBeInTheDocument();
    expect(screen.getByText("Message must be at least 10 characters")).toBeInTheDocument();
    expect(screen.getByLabelText("Navn")).toHaveAttribute("aria-invalid", "true");
    expect(screen.getByLabelText("Navn")).toHaveAccessibleDescription("Please enter your name");
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it("checks nothing before the first send, then focuses the first invalid field and checks each field again as it changes", async () => {
    const user = userEvent.setup();
    renderForm();
    await user.type(screen.getByLabelText("Navn"), "K");
    expect(screen.queryByText("Name must be at least 2 characters")).not.toBeInTheDocument();
    await user.type(screen.getByLabelText("Navn"), "ari");
    await user.click(screen.getByRole("button", { name: "Send melding" }));
    expect(await screen.findByText("Please enter a valid email address")).toBeInTheDocument();
    expect(screen.getByLabelText("E-post")).toHaveFocus();
    expect(screen.getByLabelText("Navn")).not.toHaveAttribute("aria-invalid");

    await user.type(screen.getByLabelText("E-post"), "kari@example.no");
    expect(screen.queryByText("Please enter a valid email address")).not.toBeInTheDocument();
    expect(screen.getByLabelText("E-post")).not.toHaveAttribute("aria-invalid");
    expect(screen.getByText("Message must be at least 10 characters")).toBeInTheDocument();
    await user.clear(screen.getByLabelText("Navn"));
    expect(screen.getByText("Please enter your name")).toBeInTheDocument();
    await user.type(screen.getByLabelText("Navn"), "K");
    expect(screen.getByText("Name must be at least 2 characters")).toBeInTheDocument();
  });

  it("sends the inquiry with an empty honeypot, toasts and resets", async () => {
    let resolve: (res: Response) => void = () => {};
    const fetchSpy = vi.spyOn(globalThis, "fetch").mockImplementation(
      () =>
        new Promise<Response>((r) => {
          resolve = r;
        }),
    );
    const user = userEvent.setup();
    renderForm();
    await fillValid(user);
    await user.click(screen.getByRole("button", { name: "Send melding" }));
    expect(await screen.findByRole("button", { name: "Sending..." })).toBeDisabled();
    const [url, init] = fetchSpy.mock.calls[0] ?? [];
    expect(url).toBe("/api/contact");
    expect(JSON.parse(String(init?.body))).toEqual({
      name: "Kari Nordmann",
      email: "kari@example.no",
      company: "",
      service: "Skreddersydd",
      message: "Tre videoer til lansering, takk.",
      website: "",
      language: "no", // the page's, for the auto-reply
    });
    resolve(new Response("{}", { status: 201 }));
    await waitFor(() =>
      // The thanks stays until the visitor closes it.
      expect(toast.success).toHaveBeenCalledWith("Message sent successfully", {
        description: "Thank you for your inquiry. We'll get back to you shortly.",
        duration: Number.POSITIVE_INFINITY,
      }),
    );
    await waitFor(() => expect(screen.getByLabelText("Navn")).toHaveValue(""));
    expect(screen.getByLabelText("Melding")).toHaveValue("");
  });

  it("shows the server's message, or the fallback, and keeps what was typed", async () => {
    const user = userEvent.setup();
    vi.spyOn(globalThis, "fetch").mockResolvedValueOnce(
      new Response('{"message":"Name must be at most 200 characters"}', { status: 400 }),
    );
    renderForm();
    await fillValid(user);
    await user.click(screen.getByRole("button", { name: "Send melding" }));
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith("Error sending message", {
        description: "Name must be at most 200 characters",
      }),
    );
    expect(screen.getByLabelText("Navn")).toHaveValue("Kari Nordmann");

    vi.spyOn(globalThis, "fetch").mockResolvedValueOnce(
      new Response("<html>bad gateway</html>", { status: 502 }),
    );
    await user.click(screen.getByRole("button", { name: "Send melding" }));
    await waitFor(() =>
      expect(toast.error).toHaveBeenLastCalledWith("Error sending message", {
        description: "There was a problem sending your message. Please try again.",
      }),
    );
  });
});
