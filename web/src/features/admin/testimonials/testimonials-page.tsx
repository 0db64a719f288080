import { Pencil, Plus, Star, Trash2, User } from "lucide-react";
import { useState } from "react";
import { type Testimonial, useTestimonials } from "@/api/testimonials";
import {
  useAddTestimonial,
  useDeleteTestimonial,
  useReorderTestimonials,
  useUpdateTestimonial,
} from "@/api/testimonials.admin";
import { imageTexts } from "@/components/media/image-texts";
import { AdminImage } from "@/components/media/uploaded-image";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { cn } from "@/components/ui/cn";
import { ConfirmDeleteDialog } from "@/components/ui/confirm-delete-dialog";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { toast } from "@/components/ui/toaster";
import { errorMessage } from "@/lib/api";
import { formValues } from "@/lib/form-values";
import type { Language } from "@/lib/i18n";
import { AdminLayout } from "../layout/admin-layout";
import { LanguageSelect } from "../layout/language-select";
import { ListState, toastError } from "../layout/list-state";
import { toastOrderSaved } from "../ordering/order-saved";
import { SortableList } from "../ordering/sortable-list";
import { emptyTestimonial, TestimonialForm, type TestimonialValues } from "./testimonial-form";

type Editing = { mode: "add" } | { mode: "edit"; item: Testimonial } | null;

function Stars({ rating }: { rating: number }) {
  return (
    <span className="flex" role="img" aria-label={`${rating} of 5 stars`}>
      {[1, 2, 3, 4, 5].map((n) => (
        <Star
          key={n}
          aria-hidden="true"
          className={cn("size-4", n <= rating ? "fill-amber-400 text-amber-400" : "text-stone-300")}
        />
      ))}
    </span>
  );
}

/** A card's avatar: the photo as visitors see it (or "processing"), else a person icon. */
function Avatar({ item }: { item: Testimonial }) {
  return (
    <AdminImage
      address={item.imageUrl}
      media={item.imageMedia ?? null}
      shape="avatar"
      sizes="48px"
      texts={imageTexts.en}
      placeholder={
        <span className="grid size-12 shrink-0 place-items-center rounded-full bg-muted text-muted-foreground">
          <User className="size-5" aria-hidden="true" />
        </span>
      }
    />
  );
}

/** "/admin/testimonials": the quotes of one language, with add, edit, hide and delete. */
export function TestimonialsPage() {
  const [language, setLanguage] = useState<Language>("no");
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<Testimonial | null>(null);
  const list = useTestimonials(language);
  const input = (v: TestimonialValues) => ({ ...v, imageUrl: v.imageUrl.trim(), language });

  const add = useAddTestimonial(language, {
    onSuccess: () => {
      toast.success("Testimonial added");
      setEditing(null);
    },
    onError: toastError(
      "Error adding testimonial",
      "There was an error adding the testimonial. Please try again.",
    ),
  });
  const update = useUpdateTestimonial(language, {
    onSuccess: () => {
      toast.success("Testimonial updated");
      setEditing(null);
    },
    onError: toastError(
      "Error updating testimonial",
      "There was an error updating the testimonial. Please try again.",
    ),
  });
  const remove = useDeleteTestimonial(language, {
    onSuccess: () => {
      toast.success("Testimonial deleted");
      setDeleting(null);
    },
    onError: (e) => {
      setDeleting(null);
      toast.error("Error deleting testimonial", {
        description: errorMessage(
          e,
          "There was an error deleting the testimonial. Please try again.",
        ),
      });
    },
  });

  const reorder = useReorderTestimonials(language, {
    onSuccess: toastOrderSaved,
    onError: toastError(
      "Error saving the order",
      "The new order could not be saved. Please try again.",
    ),
  });

  const addButton = (
    <Button onClick={() => setEditing({ mode: "add" })}>
      <Plus className="size-4" aria-hidden="true" />
      Add Testimonial
    </Button>
  );

  const content = (
    <ListState
      query={list}
      loading="Loading testimonials"
      failed="Failed to load testimonials."
      empty={{ message: "No testimonials found for this language.", action: addButton }}
    >
      {(items) => (
        <>
          <p className="mb-4 text-sm text-muted-foreground">
            Visitors see them in this order. Drag a card by its handle, or use its arrows, to move
            it; a new testimonial goes last.
          </p>
          <SortableList
            items={items}
            nameOf={(t) => t.name}
            label="Testimonials, in the order visitors see them"
            layout="grid"
            className="grid grid-cols-1 gap-4 md:grid-cols-2"
            onReorder={(ids) => reorder.mutate(ids)}
          >
            {(t, { handle, moveButtons }) => (
              // A hidden one is faded by its frame, avatar and stars; its texts keep their
              // contrast (WCAG 1.4.3), which a see-through card would lose.
              <Card
                className={cn(
                  "flex h-full flex-col gap-4 p-5",
                  !t.isActive && "border-dashed shadow-none",
                )}
                data-testid="testimonial-card"
              >
                <div className="flex items-start gap-3">
                  <div className={cn(!t.isActive && "opacity-50")}>
                    <Avatar item={t} />
                  </div>
                  <div className="min-w-0 flex-1">
                    <div className="flex flex-wrap items-center gap-2">
                      <h2 className="truncate font-semibold">{t.name}</h2>
                      {!t.isActive ? <Badge variant="muted">Hidden</Badge> : null}
                    </div>
                    <p className="truncate text-sm text-muted-foreground">{t.company}</p>
                    <div className={cn(!t.isActive && "opacity-50")}>
                      <Stars rating={t.rating} />
                    </div>
                  </div>
                  {handle}
                </div>
                <blockquote
                  className={cn("flex-1 text-sm italic", !t.isActive && "text-muted-foreground")}
                >
                  “{t.testimonial}”
                </blockquote>
                <div className="flex flex-wrap items-center justify-end gap-2">
                  <span className="mr-auto">{moveButtons}</span>
                  <Button
                    variant="outline"
                    size="sm"
                    onClick={() => setEditing({ mode: "edit", item: t })}
                    aria-label={`Edit ${t.name}`}
                  >
                    <Pencil className="size-4" aria-hidden="true" />
                    Edit
                  </Button>
                  <Button
                    variant="outline"
                    size="sm"
                    className="text-destructive"
                    onClick={() => setDeleting(t)}
                    aria-label={`Delete ${t.name}`}
                  >
                    <Trash2 className="size-4" aria-hidden="true" />
                    Delete
                  </Button>
                </div>
              </Card>
            )}
          </SortableList>
        </>
      )}
    </ListState>
  );

  return (
    <AdminLayout
      title="Testimonials"
      description="Client quotes shown on your website."
      actions={
        <>
          <LanguageSelect id="testimonial-language" value={language} onChange={setLanguage} />
          {addButton}
        </>
      }
    >
      {content}

      <Dialog open={editing !== null} onOpenChange={(open) => !open && setEditing(null)}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>
              {editing?.mode === "edit" ? "Edit Testimonial" : "Add Testimonial"}
            </DialogTitle>
            <DialogDescription>
              {language === "no" ? "Norwegian" : "English"} testimonial
            </DialogDescription>
          </DialogHeader>
          {editing ? (
            <TestimonialForm
              defaults={
                editing.mode === "edit"
                  ? formValues(editing.item, emptyTestimonial)
                  : emptyTestimonial
              }
              submitLabel={editing.mode === "edit" ? "Save Changes" : "Add Testimonial"}
              saving={add.isPending || update.isPending}
              onCancel={() => setEditing(null)}
              onSubmit={(v) =>
                editing.mode === "edit"
                  ? update.mutate({ id: editing.item.id, input: input(v) })
                  : add.mutate(input(v))
              }
            />
          ) : null}
        </DialogContent>
      </Dialog>

      <ConfirmDeleteDialog
        open={deleting !== null}
        title="Delete testimonial?"
        description={`This permanently deletes the testimonial from ${deleting?.name}. This cannot be undone.`}
        pending={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={() => deleting && remove.mutate(deleting.id)}
      />
    </AdminLayout>
  );
}
