import { Loader2 } from "lucide-react";
import type { ReactNode } from "react";
import { Button } from "./button";
import { DialogFooter, TitledDialog } from "./dialog";

/** The "delete for good?" confirmation of the admin screens, with a spinner while it runs. */
export function ConfirmDeleteDialog({
  open,
  title,
  description,
  pending,
  confirmLabel = "Delete",
  onCancel,
  onConfirm,
}: {
  open: boolean;
  title: string;
  description: ReactNode;
  pending: boolean;
  /** The destructive button's word ("Revoke"); "Delete" by default. */
  confirmLabel?: string;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  return (
    <TitledDialog open={open} title={title} description={description} onClose={onCancel}>
      <DialogFooter>
        <Button variant="outline" onClick={onCancel}>
          Cancel
        </Button>
        <Button variant="destructive" disabled={pending} onClick={onConfirm}>
          {pending ? <Loader2 className="size-4 animate-spin" aria-hidden="true" /> : null}
          {confirmLabel}
        </Button>
      </DialogFooter>
    </TitledDialog>
  );
}
