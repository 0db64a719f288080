import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { Toaster } from "@/components/ui/toaster";
import { ApiError } from "@/lib/api";
import { type ListQuery, ListState, toastError } from "./list-state";

const query = (over: Partial<ListQuery<string>>): ListQuery<string> => ({
  isPending: false,
  isError: false,
  data: ["a", "b"],
  refetch: vi.fn(),
  ...over,
});

function renderList(q: ListQuery<string>, extra: { items?: string[]; empty?: boolean } = {}) {
  return render(
    <ListState
      query={q}
      loading="Loading letters"
      failed="Failed to load letters."
      items={extra.items}
      empty={
        extra.empty
          ? { message: "No letters yet.", action: <button type="button">Add</button> }
          : undefined
      }
    >
      {(items) => (
        <ul aria-label="letters">
          {items.map((i) => (
            <li key={i}>{i}</li>
          ))}
        </ul>
      )}
    </ListState>,
  );
}

describe("ListState", () => {
  it("shows a named spinner while the list loads", () => {
    renderList(query({ isPending: true, data: undefined }));
    expect(screen.getByRole("status")).toHaveTextContent("Loading letters");
    expect(screen.queryByRole("list")).toBeNull();
  });

  it("says a failed load failed and fetches again on Try Again", async () => {
    const q = query({ isError: true, data: undefined });
    renderList(q);
    expect(screen.getByText("Failed to load letters.")).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Try Again" }));
    expect(q.refetch).toHaveBeenCalledOnce();
  });

  it("says an empty list is empty, with its action, when the screen gives the words", () => {
    renderList(query({ data: [] }), { empty: true });
    expect(screen.getByText("No letters yet.")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Add" })).toBeInTheDocument();
    expect(screen.queryByRole("list")).toBeNull();
  });

  it("renders an empty list as it is when the screen gives no words", () => {
    renderList(query({ data: [] }));
    expect(screen.getByRole("list", { name: "letters" })).toBeEmptyDOMElement();
  });

  it("renders the screen's filtered items, and their emptiness, over the query's", () => {
    const { unmount } = renderList(query({}), { items: ["b"] });
    expect(screen.getAllByRole("listitem").map((li) => li.textContent)).toEqual(["b"]);
    unmount();
    renderList(query({}), { items: [], empty: true });
    expect(screen.getByText("No letters yet.")).toBeInTheDocument();
  });
});

describe("toastError", () => {
  it("toasts the title with the server's message, or the fallback when it has none", async () => {
    render(<Toaster />);
    const onError = toastError("Error adding logo", "The logo could not be added.");
    onError(
      new ApiError(
        422,
        "Unprocessable Entity",
        JSON.stringify({ message: "The name is required." }),
      ),
    );
    expect(await screen.findByText("Error adding logo")).toBeInTheDocument();
    expect(screen.getByText("The name is required.")).toBeInTheDocument();
    onError(new TypeError("Failed to fetch"));
    expect(await screen.findByText("The logo could not be added.")).toBeInTheDocument();
  });
});
