import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "./select";

describe("Select", () => {
  it("makes the rest of the page inert while its list is open, and gives it back on close", async () => {
    render(
      <main>
        <input aria-label="Tittel" />
        <Select defaultValue="a">
          <SelectTrigger aria-label="Kategori">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value="a">A</SelectItem>
            <SelectItem value="b">B</SelectItem>
          </SelectContent>
        </Select>
      </main>,
    );
    const user = userEvent.setup();
    const page = screen.getByLabelText("Tittel").closest("body > div") as HTMLElement;
    expect(page).not.toHaveAttribute("inert");

    await user.click(screen.getByRole("combobox", { name: "Kategori" }));
    const list = await screen.findByRole("listbox");
    await waitFor(() => expect(page).toHaveAttribute("inert"));
    expect(list.closest("[inert]")).toBeNull();

    await user.click(screen.getByRole("option", { name: "B" }));
    await waitFor(() => expect(page).not.toHaveAttribute("inert"));
    expect(screen.getByRole("combobox", { name: "Kategori" })).toHaveTextContent("B");
  });
});
