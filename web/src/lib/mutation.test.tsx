import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { useMarkInquiryRead } from "@/api/inquiries.admin";
import { type PortfolioInput, useUpdatePortfolioItem } from "@/api/portfolio.admin";
import { type TestimonialInput, useUpdateTestimonial } from "@/api/testimonials.admin";
import { json, mockApi, renderApp, sentBodies } from "@/test/render-app";

const testimonial: TestimonialInput = {
  name: "Ingrid",
  company: "Nordlys",
  imageUrl: "",
  rating: 4,
  testimonial: "Flott samarbeid",
  language: "no",
  isActive: true,
};

const item: PortfolioInput = {
  title: "Sommerkampanje",
  description: "",
  category: "product",
  imageUrl: "",
  videoUrl: "",
  featured: false,
  language: "no",
};

/** One button per update the admin screens make. */
function Updates() {
  const updateTestimonial = useUpdateTestimonial("no");
  const updateItem = useUpdatePortfolioItem("no");
  const markRead = useMarkInquiryRead();
  return (
    <>
      <button type="button" onClick={() => updateTestimonial.mutate({ id: 7, input: testimonial })}>
        testimonial
      </button>
      <button type="button" onClick={() => updateItem.mutate({ id: 8, input: item })}>
        item
      </button>
      <button type="button" onClick={() => markRead.mutate(9)}>
        inquiry
      </button>
    </>
  );
}

describe("updates", () => {
  it("are all PATCH on the resource, with the body the server merges over what it has", async () => {
    const fetchMock = mockApi({
      "PATCH /api/admin/testimonials/7": () => json({ id: 7, ...testimonial }),
      "PATCH /api/admin/portfolio/8": () => json({ id: 8, ...item, isActive: true }),
      "PATCH /api/admin/contact/9": () => json({ id: 9, isRead: true }),
    });
    renderApp(<Updates />);
    const user = userEvent.setup();
    for (const name of ["testimonial", "item", "inquiry"]) {
      await user.click(screen.getByRole("button", { name }));
    }
    await waitFor(() =>
      expect(sentBodies(fetchMock, "PATCH", "/api/admin/contact/9")).toHaveLength(1),
    );
    expect(sentBodies(fetchMock, "PATCH", "/api/admin/testimonials/7")).toEqual([testimonial]);
    expect(sentBodies(fetchMock, "PATCH", "/api/admin/portfolio/8")).toEqual([{ ...item, id: 8 }]);
    expect(sentBodies(fetchMock, "PATCH", "/api/admin/contact/9")).toEqual([{ isRead: true }]);
    const methods = fetchMock.mock.calls.map(([, init]) => init?.method ?? "GET");
    expect(methods.filter((m) => m !== "GET" && m !== "PATCH")).toEqual([]);
  });
});
