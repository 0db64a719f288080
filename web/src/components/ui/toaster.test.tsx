import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { Toaster, toast } from "./toaster";

describe("Toaster", () => {
  it("renders nothing until the first toast, then shows it (loading sonner on demand)", async () => {
    const { container } = render(<Toaster />);
    expect(container).toBeEmptyDOMElement();
    toast.success("Message sent successfully", { description: "Thanks" });
    expect(await screen.findByText("Message sent successfully")).toBeInTheDocument();
    expect(screen.getByText("Thanks")).toBeInTheDocument();
  });

  it("shows one toast at a time (SPEC.md section 9)", async () => {
    render(<Toaster />);
    toast.error("First");
    expect(await screen.findByText("First")).toBeInTheDocument();
    toast.error("Second");
    expect(await screen.findByText("Second")).toBeInTheDocument();
    expect(document.querySelectorAll("[data-sonner-toast][data-visible='true']")).toHaveLength(1);
  });
});
