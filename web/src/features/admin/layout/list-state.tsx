import { Loader2, Pencil, Trash2 } from "lucide-react";
import { type ComponentType, type ReactNode, useState } from "react";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { cn } from "@/components/ui/cn";
import { DialogFooter, TitledDialog } from "@/components/ui/dialog";
import { Spinner } from "@/components/ui/spinner";
import { toast } from "@/components/ui/toaster";
import { errorMessage } from "@/lib/api";
import { formValues } from "@/lib/form-values";

/** The part of a list's query the screen's states read. */
export interface ListQuery<T> {
  isPending: boolean;
  isError: boolean;
  data: T[] | undefined;
  refetch: () => unknown;
}

interface ListStateProps<T> {
  query: ListQuery<T>;
  /** The spinner's accessible name while the list loads. */
  loading: string;
  /** What a failed load says, above its "Try Again". */
  failed: string;
  /** The items shown, when the screen filters the list; the query's items otherwise. */
  items?: T[];
  /** What an empty list says, with an action (an add button) under it; without, the list renders even empty. */
  empty?: { message: ReactNode; action?: ReactNode };
  children: (items: T[]) => ReactNode;
}

/**
 * An admin list's four states, as every list screen shows them: a spinner while it loads, a card
 * with "Try Again" when the load failed, a card saying the list is empty, or the list itself.
 */
export function ListState<T>({
  query,
  loading,
  failed,
  items,
  empty,
  children,
}: ListStateProps<T>) {
  if (query.isPending) return <Spinner label={loading} />;
  if (query.isError || !query.data) {
    return (
      <Card className="flex flex-col items-center gap-3 p-10 text-center">
        <p className="text-destructive">{failed}</p>
        <Button variant="outline" onClick={() => query.refetch()}>
          Try Again
        </Button>
      </Card>
    );
  }
  const shown = items ?? query.data;
  if (empty && shown.length === 0) {
    return (
      <Card className="flex flex-col items-center gap-4 p-10 text-center">
        <p className="text-muted-foreground">{empty.message}</p>
        {empty.action}
      </Card>
    );
  }
  return children(shown);
}

/** An admin call's onError: a toast titled `title` with the server's message, or `fallback`. */
export const toastError = (title: string, fallback: string) => (error: Error) =>
  toast.error(title, { description: errorMessage(error, fallback) });

/**
 * An admin call's callbacks, as a list screen's add and update want them: a toast saying `done`
 * and `close` (its dialog) on success; toastError's toast on error, the dialog left open.
 */
export const toastOutcome = (
  done: string,
  close: () => void,
  errorTitle: string,
  fallback: string,
) => ({
  onSuccess: () => {
    toast.success(done);
    close();
  },
  onError: toastError(errorTitle, fallback),
});

/**
 * A list screen's delete confirmation: `ask(item)` opens it for an item, `item` is the one asked
 * about (null: closed), and `callbacks` (for the delete mutation) close it with a toast, of
 * success (`done`) or of the error. `dialogProps(remove)` are ConfirmDeleteDialog's open, pending,
 * cancel and confirm, which runs `remove` on the item's id.
 */
export function useConfirmDelete<T extends { id: number }>(
  done: string,
  errorTitle: string,
  fallback: string,
) {
  const [item, ask] = useState<T | null>(null);
  const cancel = () => ask(null);
  const callbacks = {
    ...toastOutcome(done, cancel, errorTitle, fallback),
    onError: (e: Error) => {
      cancel();
      toastError(errorTitle, fallback)(e);
    },
  };
  const dialogProps = (remove: { isPending: boolean; mutate: (id: number) => void }) => ({
    open: item !== null,
    pending: remove.isPending,
    onCancel: cancel,
    onConfirm: () => item && remove.mutate(item.id),
  });
  return { item, ask, callbacks, dialogProps };
}

/**
 * A sortable card's last row: its move buttons (SortableList's), then Edit and Delete, named
 * for the item (`Edit ${name}`).
 */
export function ItemActions({
  name,
  moveButtons,
  onEdit,
  onDelete,
  className,
}: {
  name: string;
  moveButtons: ReactNode;
  onEdit: () => void;
  onDelete: () => void;
  className?: string;
}) {
  return (
    <div className={cn("flex flex-wrap items-center justify-end gap-2", className)}>
      <span className="mr-auto">{moveButtons}</span>
      <Button variant="outline" size="sm" onClick={onEdit} aria-label={`Edit ${name}`}>
        <Pencil className="size-4" aria-hidden="true" />
        Edit
      </Button>
      <Button
        variant="outline"
        size="sm"
        className="text-destructive"
        onClick={onDelete}
        aria-label={`Delete ${name}`}
      >
        <Trash2 className="size-4" aria-hidden="true" />
        Delete
      </Button>
    </div>
  );
}

/** What a list screen's add/edit dialog is showing: an empty form, an item's, or nothing. */
export type Editing<T> = { mode: "add" } | { mode: "edit"; item: T } | null;

/**
 * A list screen's add/edit dialog: titled `title.add` with an empty form (`empty`), or
 * `title.edit` with the item's values; its form is `Form`, and `onSave` gets the values and the
 * item edited (none when adding).
 */
export function ItemFormDialog<T extends { id: number }, V extends object>({
  editing,
  title,
  description,
  empty,
  saving,
  onClose,
  onSave,
  Form,
}: {
  editing: Editing<T>;
  title: { add: string; edit: string };
  description: ReactNode;
  empty: V;
  saving: boolean;
  onClose: () => void;
  onSave: (values: V, item: T | undefined) => void;
  Form: ComponentType<ItemFormProps<V>>;
}) {
  const item = editing?.mode === "edit" ? editing.item : undefined;
  return (
    <TitledDialog
      open={editing !== null}
      title={item ? title.edit : title.add}
      description={description}
      onClose={onClose}
    >
      {editing ? (
        <Form
          defaults={item ? formValues(item, empty) : empty}
          submitLabel={item ? "Save Changes" : title.add}
          saving={saving}
          onCancel={onClose}
          onSubmit={(values) => onSave(values, item)}
        />
      ) : null}
    </TitledDialog>
  );
}

/** What a list screen's add/edit dialog gives its form. */
export interface ItemFormProps<V> {
  defaults: V;
  submitLabel: string;
  saving: boolean;
  onSubmit: (values: V) => void;
  onCancel: () => void;
}

/** The end of an add/edit form: Cancel, and the submit button with a spinner while it saves. */
export function FormButtons({
  submitLabel,
  saving,
  onCancel,
}: Pick<ItemFormProps<unknown>, "submitLabel" | "saving" | "onCancel">) {
  return (
    <DialogFooter>
      <Button variant="outline" onClick={onCancel}>
        Cancel
      </Button>
      <Button type="submit" disabled={saving}>
        {saving ? <Loader2 className="size-4 animate-spin" aria-hidden="true" /> : null}
        {submitLabel}
      </Button>
    </DialogFooter>
  );
}
