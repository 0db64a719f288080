import { fireEvent, screen, waitFor } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import type { PortfolioItem } from "@/api/portfolio";
import { WorkSection } from "@/features/public/work/work-section";
import { cardSizes } from "@/features/public/work/work-thumbnail";
import type { MediaInfo } from "@/lib/media";
import { json, mockApi, renderApp } from "@/test/render-app";
import { imageTexts } from "./image-texts";
import { ImageUploadButton, type ImageUploader, UploadedImagePreview } from "./image-upload";

const photo = (name: string, size = 1000, type = "image/jpeg") =>
  new File([new Uint8Array(size)], name, { type });

function choose(file: File) {
  fireEvent.change(screen.getByTestId("image-file-input"), { target: { files: [file] } });
}

const ready: MediaInfo = {
  status: "ready",
  width: 1600,
  height: 1200,
  durationMs: 0,
  posterUrl: "",
  sources: [320, 640, 960, 1440].flatMap((w) => [
    { url: `/media/p_${w}.webp`, width: w, height: (w * 3) / 4, type: "image/webp", bytes: w * 10 },
    { url: `/media/p_${w}.jpg`, width: w, height: (w * 3) / 4, type: "image/jpeg", bytes: w * 20 },
  ]),
};

describe("ImageUploadButton", () => {
  it("shows the progress, then hands over the stored address", async () => {
    let finish: (url: string) => void = () => {};
    const upload = vi.fn<ImageUploader>((_file, options) => {
      options?.onProgress?.(40);
      return new Promise((resolve) => {
        finish = resolve;
      });
    });
    const onUploaded = vi.fn();
    renderApp(<ImageUploadButton texts={imageTexts.no} upload={upload} onUploaded={onUploaded} />);
    choose(photo("ferie.heic", 1000, ""));
    expect(await screen.findByRole("progressbar")).toHaveAttribute("aria-valuenow", "40");
    expect(screen.getByRole("button", { name: /Laster opp... 40%/ })).toBeDisabled();
    finish("/uploads/abc.heic");
    await waitFor(() => expect(onUploaded).toHaveBeenCalledWith("/uploads/abc.heic"));
    expect(screen.queryByRole("progressbar")).not.toBeInTheDocument();
  });

  it("refuses a photo over 25 MB before sending anything", async () => {
    const upload = vi.fn<ImageUploader>();
    renderApp(<ImageUploadButton texts={imageTexts.no} upload={upload} onUploaded={() => {}} />);
    choose(photo("stor.jpg", 25 * 1024 * 1024 + 1));
    expect(await screen.findByText("Bildet er for stort: grensen er 25 MB.")).toBeInTheDocument();
    expect(upload).not.toHaveBeenCalled();
  });

  it("shows the server's Norwegian refusal", async () => {
    const upload = vi.fn<ImageUploader>(() =>
      Promise.reject(
        new Error("Filen er ikke et bilde i et format vi støtter (JPEG, PNG, WebP eller HEIC)."),
      ),
    );
    renderApp(<ImageUploadButton texts={imageTexts.no} upload={upload} onUploaded={() => {}} />);
    choose(photo("notat.jpg"));
    expect(await screen.findByText(/Filen er ikke et bilde/)).toBeInTheDocument();
  });
});

describe("UploadedImagePreview", () => {
  it("waits for processing, then shows a processed variant, never the private original", async () => {
    let status: MediaInfo = { ...ready, status: "processing", sources: [] };
    mockApi({ "GET /api/admin/media/abc.jpg": () => json(status) });
    const { container } = renderApp(
      <UploadedImagePreview url="/uploads/abc.jpg" texts={imageTexts.no} />,
    );
    expect(await screen.findByText("Behandler bildet…")).toBeInTheDocument();
    status = ready;
    const img = await screen.findByTestId("processed-image-preview", {}, { timeout: 4000 });
    // The largest JPEG as the src, every variant in the srcset for the browser to choose from.
    expect(img).toHaveAttribute("src", "/media/p_1440.jpg");
    expect(img.getAttribute("srcset")).toContain("/media/p_640.jpg 640w");
    expect(container.querySelector('img[src^="/uploads/"]')).toBeNull();
  });

  it("says why processing failed", async () => {
    mockApi({
      "GET /api/admin/media/bad.jpg": () =>
        json({
          ...ready,
          status: "failed",
          error: "Bildet er skadet eller ufullstendig og kan ikke leses.",
          sources: [],
        }),
    });
    renderApp(<UploadedImagePreview url="/uploads/bad.jpg" texts={imageTexts.no} />);
    expect(await screen.findByText(/Bildet er skadet/)).toBeInTheDocument();
  });
});

describe("a work card's photo", () => {
  const item: PortfolioItem = {
    id: 1,
    title: "Foto",
    description: "",
    category: "product",
    imageUrl: "/media/p_1440.jpg",
    videoUrl: "",
    featured: false,
    language: "no",
    isActive: true,
    imageMedia: ready,
  };

  it("is a picture with WebP and JPEG srcsets, sizes, width and height, lazy", async () => {
    mockApi({ "GET /api/portfolio/no": () => json([item]) });
    const { container } = renderApp(<WorkSection />);
    await screen.findByRole("heading", { name: "Foto" });
    const source = container.querySelector('picture source[type="image/webp"]');
    expect(source?.getAttribute("srcset")).toBe(
      "/media/p_320.webp 320w, /media/p_640.webp 640w, /media/p_960.webp 960w, /media/p_1440.webp 1440w",
    );
    const img = container.querySelector("picture img");
    expect(img).toHaveAttribute("src", "/media/p_1440.jpg");
    expect(img?.getAttribute("srcset")).toContain("/media/p_320.jpg 320w");
    expect(img).toHaveAttribute("width", "1600");
    expect(img).toHaveAttribute("height", "1200");
    expect(img).toHaveAttribute("loading", "lazy");
    expect(img).toHaveAttribute("sizes", cardSizes(1600 / 1200));
  });

  it("takes the card's 9:16 crops for WebP when the photo has them", async () => {
    const cardSources = [
      { url: "/media/p_c320.webp", width: 320, height: 569, type: "image/webp", bytes: 9000 },
      { url: "/media/p_c640.webp", width: 640, height: 1138, type: "image/webp", bytes: 30000 },
    ];
    mockApi({
      "GET /api/portfolio/no": () => json([{ ...item, imageMedia: { ...ready, cardSources } }]),
    });
    const { container } = renderApp(<WorkSection />);
    await screen.findByRole("heading", { name: "Foto" });
    const source = container.querySelector('picture source[type="image/webp"]');
    expect(source?.getAttribute("srcset")).toBe("/media/p_c320.webp 320w, /media/p_c640.webp 640w");
    expect(source?.getAttribute("sizes")).toBe(cardSizes(9 / 16));
    // Browsers without WebP still get the whole photo's JPEGs, sized for the card's height.
    const img = container.querySelector("picture img");
    expect(img?.getAttribute("srcset")).toContain("/media/p_320.jpg 320w");
    expect(img).toHaveAttribute("sizes", cardSizes(1600 / 1200));
  });

  it("sizes a landscape photo by the card's height, a portrait one by its width", () => {
    // 4:3 in a 9:16 card is drawn 4/3 × 16/9 = 2.37 times the card's width.
    expect(cardSizes(4 / 3)).toContain("(min-width: 1280px) 663px");
    expect(cardSizes(4 / 3)).toContain("calc((100vw - 40px) * 1.707)");
    expect(cardSizes(9 / 16)).toContain("calc((100vw - 40px) * 0.72)");
  });
});

describe("UploadedImagePreview of an address that is no processed photo", () => {
  it("shows what the form gives for it", async () => {
    mockApi({ "GET /api/admin/media/missing.jpg": () => json({ message: "not found" }, 404) });
    renderApp(
      <UploadedImagePreview
        url="/uploads/missing.jpg"
        texts={imageTexts.no}
        unprocessed={<p>Ugyldig bilde-URL</p>}
      />,
    );
    expect(await screen.findByText("Ugyldig bilde-URL")).toBeInTheDocument();
  });
});
