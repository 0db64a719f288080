import { ExternalLink, Plus } from "lucide-react";
import { useState } from "react";
import { Link } from "wouter";
import type { ClientLogo } from "@/api/client-logos";
import {
  useAddClientLogo,
  useAdminClientLogos,
  useDeleteClientLogo,
  useReorderClientLogos,
  useUpdateClientLogo,
} from "@/api/client-logos.admin";
import { imageTexts } from "@/components/media/image-texts";
import { AdminImage } from "@/components/media/uploaded-image";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { ConfirmDeleteDialog } from "@/components/ui/confirm-delete-dialog";
import { trimmedValues } from "@/lib/form-values";
import { paths } from "@/lib/paths";
import { AdminLayout } from "../layout/admin-layout";
import {
  type Editing,
  ItemActions,
  ItemFormDialog,
  ListState,
  toastOutcome,
  useConfirmDelete,
} from "../layout/list-state";
import { reorderCallbacks } from "../ordering/order-saved";
import { SortableList } from "../ordering/sortable-list";
import { ClientLogoForm, emptyClientLogo } from "./client-logo-form";

/**
 * "/admin/client-logos": the brands shown as logos under the home page's hero, in both
 * languages, in the order set here; the heading above them is a content section (Content → Client
 * Logos). Add, edit, delete, and order by drag and drop or the arrows.
 */
export function ClientLogosPage() {
  const list = useAdminClientLogos();
  const [editing, setEditing] = useState<Editing<ClientLogo>>(null);
  const close = () => setEditing(null);
  const deleting = useConfirmDelete<ClientLogo>(
    "Logo deleted",
    "Error deleting logo",
    "The logo could not be deleted. Please try again.",
  );

  const add = useAddClientLogo(
    toastOutcome(
      "Logo added",
      close,
      "Error adding logo",
      "The logo could not be added. Please try again.",
    ),
  );
  const update = useUpdateClientLogo(
    toastOutcome(
      "Logo updated",
      close,
      "Error updating logo",
      "The logo could not be updated. Please try again.",
    ),
  );
  const remove = useDeleteClientLogo(deleting.callbacks);
  const reorder = useReorderClientLogos(reorderCallbacks);

  const addButton = (
    <Button onClick={() => setEditing({ mode: "add" })}>
      <Plus className="size-4" aria-hidden="true" />
      Add Logo
    </Button>
  );

  const content = (
    <ListState
      query={list}
      loading="Loading logos"
      failed="Failed to load the logos."
      empty={{
        message: "No client logos yet. The home page shows the strip once you add one.",
        action: addButton,
      }}
    >
      {(items) => (
        <SortableList
          items={items}
          nameOf={(logo) => logo.name}
          label="Client logos, in the order visitors see them"
          layout="grid"
          className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-3"
          onReorder={(ids) => reorder.mutate(ids)}
        >
          {(logo, { handle, moveButtons }) => (
            <Card className="flex h-full flex-col gap-3 p-4" data-testid="client-logo-card">
              <div className="flex items-start gap-2">
                <div className="min-w-0 flex-1">
                  <h2 className="truncate font-semibold">{logo.name}</h2>
                  {logo.linkUrl ? (
                    <a
                      href={logo.linkUrl}
                      target="_blank"
                      rel="noopener noreferrer"
                      className="inline-flex h-5 max-w-full items-center gap-1 text-sm text-muted-foreground underline-offset-2 hover:underline"
                    >
                      <span className="truncate">{logo.linkUrl.replace(/^https?:\/\//, "")}</span>
                      <ExternalLink className="size-3 shrink-0" aria-hidden="true" />
                    </a>
                  ) : (
                    <p className="h-5 text-sm text-muted-foreground">No link</p>
                  )}
                </div>
                {handle}
              </div>
              <div className="rounded-md border border-border bg-white">
                <AdminImage
                  address={logo.imageUrl}
                  media={logo.imageMedia ?? null}
                  shape="logo"
                  sizes="20rem"
                  texts={imageTexts.en}
                  placeholder={null}
                />
              </div>
              <ItemActions
                name={logo.name}
                moveButtons={moveButtons}
                onEdit={() => setEditing({ mode: "edit", item: logo })}
                onDelete={() => deleting.ask(logo)}
                className="mt-auto"
              />
            </Card>
          )}
        </SortableList>
      )}
    </ListState>
  );

  return (
    <AdminLayout
      title="Client Logos"
      description="Brands you have worked with, shown under the hero of your home page."
      actions={addButton}
    >
      <p className="mb-4 text-sm text-muted-foreground">
        Both languages show the same logos, in this order: drag a card by its handle, or use its
        arrows, to move it; a new logo goes last. The heading above them is under{" "}
        <Link href={paths.admin.content} className="underline underline-offset-2">
          Content → Client Logos
        </Link>
        .
      </p>
      {content}

      <ItemFormDialog
        editing={editing}
        title={{ add: "Add Logo", edit: "Edit Logo" }}
        description="Shown on the home page in both languages."
        empty={emptyClientLogo}
        saving={add.isPending || update.isPending}
        onClose={close}
        onSave={(v, item) =>
          item
            ? update.mutate({ id: item.id, input: trimmedValues(v) })
            : add.mutate(trimmedValues(v))
        }
        Form={ClientLogoForm}
      />

      <ConfirmDeleteDialog
        {...deleting.dialogProps(remove)}
        title="Delete logo?"
        description={`This removes the ${deleting.item?.name} logo from your home page and deletes its image. This cannot be undone.`}
      />
    </AdminLayout>
  );
}
