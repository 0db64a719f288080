import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { emptyTestimonial, TestimonialForm } from "./testimonial-form";

function renderForm(onSubmit = vi.fn()) {
  render(
    <TestimonialForm
      defaults={emptyTestimonial}
      submitLabel="Add Testimonial"
      saving={false}
      onSubmit={onSubmit}
      onCancel={() => {}}
    />,
  );
  return onSubmit;
}

describe("testimonial form", () => {
  it("requires name, company and testimonial", async () => {
    const onSubmit = renderForm();
    await userEvent.click(screen.getByRole("button", { name: "Add Testimonial" }));
    expect(await screen.findByText("Name is required")).toBeInTheDocument();
    expect(screen.getByText("Company is required")).toBeInTheDocument();
    expect(screen.getByText("Testimonial is required")).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it("refuses a javascript: image URL", async () => {
    const onSubmit = renderForm();
    await userEvent.type(screen.getByLabelText("Name"), "Ingrid");
    await userEvent.type(screen.getByLabelText("Company"), "Nordlys");
    await userEvent.type(screen.getByLabelText("Testimonial"), "Great work");
    await userEvent.type(screen.getByLabelText("Image URL (optional)"), "javascript:alert(1)");
    await userEvent.click(screen.getByRole("button", { name: "Add Testimonial" }));
    expect(
      await screen.findByText("Image URL must start with http://, https:// or /uploads/"),
    ).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it("submits a valid testimonial with rating 5 and active by default", async () => {
    const onSubmit = renderForm();
    await userEvent.type(screen.getByLabelText("Name"), "Ingrid");
    await userEvent.type(screen.getByLabelText("Company"), "Nordlys");
    await userEvent.type(screen.getByLabelText("Testimonial"), "Great work");
    await userEvent.click(screen.getByRole("button", { name: "Add Testimonial" }));
    await vi.waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]?.[0]).toEqual({
      name: "Ingrid",
      company: "Nordlys",
      imageUrl: "",
      rating: 5,
      testimonial: "Great work",
      isActive: true,
    });
  });
});
