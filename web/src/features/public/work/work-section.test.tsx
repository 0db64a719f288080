import { fireEvent, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { PortfolioItem } from "@/api/portfolio";
import { json, mockApi, renderApp } from "@/test/render-app";
import { WorkSection } from "./work-section";

const item = (fields: Partial<PortfolioItem>): PortfolioItem => ({
  id: 1,
  title: "Hudpleie",
  description: "",
  category: "product",
  imageUrl: "",
  videoUrl: "",
  featured: false,
  language: "no",
  isActive: true,
  ...fields,
});

describe("work cards", () => {
  it("fall back to the placeholder when the image fails to load", async () => {
    mockApi({ "GET /api/portfolio/no": () => json([item({ imageUrl: "/uploads/gone.png" })]) });
    const { container } = renderApp(<WorkSection />);
    await screen.findByRole("heading", { name: "Hudpleie" });
    const image = container.querySelector('img[src="/uploads/gone.png"]');
    expect(image).not.toBeNull();

    fireEvent.error(image as Element);

    expect(container.querySelector('img[src="/uploads/gone.png"]')).toBeNull();
    expect(screen.getByText("No Image")).toBeInTheDocument();
  });

  it("show a processed upload's poster where the dark placeholder was", async () => {
    mockApi({
      "GET /api/portfolio/no": () =>
        json([
          item({
            videoUrl: "/media/p_large.mp4",
            videoMedia: {
              status: "ready",
              width: 1080,
              height: 1920,
              durationMs: 2000,
              posterUrl: "/media/p_poster.jpg",
              sources: [
                {
                  url: "/media/p_large.mp4",
                  width: 1080,
                  height: 1920,
                  type: "video/mp4",
                  bytes: 9,
                },
              ],
            },
          }),
        ]),
    });
    renderApp(<WorkSection />);
    await screen.findByRole("heading", { name: "Hudpleie" });
    expect(screen.getByTestId("work-poster")).toHaveAttribute("src", "/media/p_poster.jpg");
    expect(screen.getByRole("button", { name: /Hudpleie/ })).toBeInTheDocument();
  });

  it("show only active items, though an admin's list holds hidden ones too", async () => {
    mockApi({
      "GET /api/portfolio/no": () =>
        json([item({ id: 1, title: "Synlig" }), item({ id: 2, title: "Skjult", isActive: false })]),
    });
    renderApp(<WorkSection />);
    expect(await screen.findByRole("heading", { name: "Synlig" })).toBeInTheDocument();
    expect(screen.queryByRole("heading", { name: "Skjult" })).not.toBeInTheDocument();
  });
});
