import { toast } from "@/components/ui/toaster";
import { toastError } from "../layout/list-state";

/**
 * The toast that confirms a reorder was stored: the list moves at once, before the
 * server answers, so without it nothing says the new order was kept. One toast for a run of
 * moves: each saved order replaces the last one's.
 */
export function toastOrderSaved() {
  toast.success("Order saved", { id: "order-saved", description: "Visitors see the new order." });
}

/** A reorder's callbacks: toastOrderSaved, or the error's toast. */
export const reorderCallbacks = {
  onSuccess: toastOrderSaved,
  onError: toastError(
    "Error saving the order",
    "The new order could not be saved. Please try again.",
  ),
};
