import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { imageView } from "@/components/media/image-view";
import type { MediaInfo } from "@/lib/media";
import { json, mockApi, renderApp } from "@/test/render-app";
import { PortfolioForm } from "./portfolio/portfolio-form";
import { PortfolioPage } from "./portfolio/portfolio-page";
import { emptyPortfolio } from "./portfolio/portfolio-rules";
import { emptyTestimonial, TestimonialForm } from "./testimonials/testimonial-form";
import { TestimonialsPage } from "./testimonials/testimonials-page";

const admin = { id: 1, username: "kari@example.no", displayName: "Kari", isAdmin: true };

const ready: MediaInfo = {
  status: "ready",
  width: 1600,
  height: 1200,
  durationMs: 0,
  posterUrl: "",
  sources: [320, 1600].flatMap((w) => [
    { url: `/media/p_${w}.webp`, width: w, height: (w * 3) / 4, type: "image/webp", bytes: w },
    { url: `/media/p_${w}.jpg`, width: w, height: (w * 3) / 4, type: "image/jpeg", bytes: w },
  ]),
};
const processing: MediaInfo = { ...ready, status: "processing", sources: [] };

const portfolioItem = (imageMedia: MediaInfo | null) => ({
  id: 7,
  title: "Fotokort",
  description: "",
  category: "product",
  imageUrl: "/uploads/abc.heic",
  videoUrl: "",
  featured: false,
  language: "no",
  isActive: true,
  imageMedia,
  videoMedia: null,
});

const testimonial = (imageMedia: MediaInfo | null) => ({
  id: 3,
  name: "Ingrid Dahl",
  company: "Nordlys AS",
  imageUrl: "/uploads/face.heic",
  rating: 5,
  testimonial: "Gode videoer.",
  isActive: true,
  language: "no",
  imageMedia,
});

describe("which address shows a photo (one rule for visitors and admins)", () => {
  it("a processed upload shows its variants with the largest JPEG as src, never the original", () => {
    expect(imageView("/uploads/abc.heic", ready)).toEqual({
      kind: "picture",
      media: ready,
      src: "/media/p_1600.jpg",
    });
  });

  it("says processing or failed while the admin waits, and keeps an external address", () => {
    expect(imageView("/uploads/abc.heic", processing)).toEqual({ kind: "processing" });
    expect(imageView("/uploads/abc.heic", { ...processing, status: "failed", error: "x" })).toEqual(
      { kind: "failed", reason: "x" },
    );
    expect(imageView(" https://example.com/a.jpg ", null)).toEqual({
      kind: "address",
      src: "https://example.com/a.jpg",
    });
    expect(imageView("", null)).toEqual({ kind: "none" });
  });
});

describe("the portfolio list (Norwegian)", () => {
  it("shows an uploaded photo's processed variant, not the private original", async () => {
    mockApi({
      "GET /api/user": () => json(admin),
      "GET /api/portfolio/no": () => json([portfolioItem(ready)]),
    });
    const { container } = renderApp(<PortfolioPage />, { path: "/admin/portfolio" });
    const row = await screen.findByTestId("portfolio-row");
    const img = within(row).getByTestId("admin-image");
    expect(img).toHaveAttribute("src", "/media/p_1600.jpg");
    expect(img.getAttribute("srcset")).toContain("/media/p_320.jpg 320w");
    expect(container.querySelector('img[src^="/uploads/"]')).toBeNull();
  });

  it("says 'Behandler bildet…' while the photo is processed, then shows it", async () => {
    let media = processing;
    mockApi({
      "GET /api/user": () => json(admin),
      "GET /api/portfolio/no": () => json([portfolioItem(media)]),
      "GET /api/admin/media/abc.heic": () => json(media),
    });
    const { container } = renderApp(<PortfolioPage />, { path: "/admin/portfolio" });
    const row = await screen.findByTestId("portfolio-row");
    expect(within(row).getByTestId("image-processing")).toHaveTextContent("Behandler bildet…");
    media = ready;
    const img = await within(row).findByTestId("admin-image", {}, { timeout: 4000 });
    expect(img).toHaveAttribute("src", "/media/p_1600.jpg");
    expect(container.querySelector('img[src^="/uploads/"]')).toBeNull();
  });
});

describe("a photo's processing in the portfolio form", () => {
  it("shows how far it has come, and the photo, not its stored path; removing it brings the field back", async () => {
    let media: MediaInfo = { ...processing, progress: 50 };
    mockApi({ "GET /api/admin/media/abc.heic": () => json(media) });
    const onSubmit = vi.fn();
    renderApp(
      <PortfolioForm
        defaults={{ ...emptyPortfolio, title: "Fra iPhone", imageUrl: "/uploads/abc.heic" }}
        editing
        saving={false}
        onSubmit={onSubmit}
        onCancel={() => {}}
      />,
    );
    // The HEIC being decoded: the job's percent beside "Behandler bildet…".
    expect(await screen.findByTestId("image-progress")).toHaveTextContent("50 %");
    expect(screen.getByTestId("image-processing")).toHaveTextContent("Behandler bildet…");
    // The stored path is no field to read or edit: the photo is shown instead.
    expect(screen.getByLabelText("Bilde URL")).not.toBeVisible();
    expect(screen.queryByDisplayValue("/uploads/abc.heic")).not.toBeVisible();
    media = { ...processing, progress: 85 };
    expect(await screen.findByText("85 %", {}, { timeout: 4000 })).toBeInTheDocument();
    media = ready;
    expect(
      await screen.findByTestId("processed-image-preview", {}, { timeout: 4000 }),
    ).toHaveAttribute("src", "/media/p_1600.jpg");
    fireEvent.click(screen.getByRole("button", { name: "Fjern bildet" }));
    expect(screen.getByLabelText("Bilde URL")).toBeVisible();
    expect(screen.getByLabelText("Bilde URL")).toHaveValue("");
  });
});

describe("the testimonials screen (English)", () => {
  it("shows an avatar's processed variant, and 'Processing the image…' while it is made", async () => {
    mockApi({
      "GET /api/user": () => json(admin),
      "GET /api/testimonials/no": () =>
        json([testimonial(ready), { ...testimonial(processing), id: 4, name: "Per Lund" }]),
      "GET /api/admin/media/face.heic": () => json(processing),
    });
    const { container } = renderApp(<TestimonialsPage />, { path: "/admin/testimonials" });
    const [first, second] = await screen.findAllByTestId("testimonial-card");
    expect(within(first as HTMLElement).getByTestId("admin-image")).toHaveAttribute(
      "src",
      "/media/p_1600.jpg",
    );
    expect(within(second as HTMLElement).getByTestId("image-processing")).toHaveTextContent(
      "Processing the image…",
    );
    expect(container.querySelector('img[src^="/uploads/"]')).toBeNull();
  });

  it("words the form's upload and processing in English, the server's Norwegian refusal too", async () => {
    let status: MediaInfo = processing;
    mockApi({ "GET /api/admin/media/face.heic": () => json(status) });
    renderApp(
      <TestimonialForm
        defaults={{ ...emptyTestimonial, imageUrl: "/uploads/face.heic" }}
        submitLabel="Save Changes"
        saving={false}
        onSubmit={vi.fn()}
        onCancel={() => {}}
      />,
    );
    expect(screen.getByRole("button", { name: "Upload image" })).toBeInTheDocument();
    expect(screen.getByLabelText("Image file")).toBeInTheDocument();
    expect(await screen.findByText("Processing the image…")).toBeInTheDocument();
    status = {
      ...processing,
      status: "failed",
      error: "Bildet er skadet eller ufullstendig og kan ikke leses.",
    };
    expect(
      await screen.findByText(
        "The image is damaged or incomplete and cannot be read.",
        {},
        { timeout: 4000 },
      ),
    ).toBeInTheDocument();

    // Over the limit: refused before sending, in English.
    const big = new File([new Uint8Array(1)], "big.jpg", { type: "image/jpeg" });
    Object.defineProperty(big, "size", { value: 25 * 1024 * 1024 + 1 });
    fireEvent.change(screen.getByTestId("testimonial-image-file-input"), {
      target: { files: [big] },
    });
    await waitFor(() =>
      expect(screen.getByText("The image is too large: the limit is 25 MB.")).toBeInTheDocument(),
    );
    expect(document.body.textContent).not.toMatch(/Bildet|Behandler|Last opp/);
  });
});
