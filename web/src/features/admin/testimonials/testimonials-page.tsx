import { Plus, Star, User } from "lucide-react";
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
import type { Language } from "@/lib/i18n";
import { AdminLayout } from "../layout/admin-layout";
import { LanguageSelect } from "../layout/language-select";
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
import { emptyTestimonial, TestimonialForm, type TestimonialValues } from "./testimonial-form";

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
  const [editing, setEditing] = useState<Editing<Testimonial>>(null);
  const close = () => setEditing(null);
  const deleting = useConfirmDelete<Testimonial>(
    "Testimonial deleted",
    "Error deleting testimonial",
    "There was an error deleting the testimonial. Please try again.",
  );
  const list = useTestimonials(language);
  const input = (v: TestimonialValues) => ({ ...v, imageUrl: v.imageUrl.trim(), language });

  const add = useAddTestimonial(
    language,
    toastOutcome(
      "Testimonial added",
      close,
      "Error adding testimonial",
      "There was an error adding the testimonial. Please try again.",
    ),
  );
  const update = useUpdateTestimonial(
    language,
    toastOutcome(
      "Testimonial updated",
      close,
      "Error updating testimonial",
      "There was an error updating the testimonial. Please try again.",
    ),
  );
  const remove = useDeleteTestimonial(language, deleting.callbacks);

  const reorder = useReorderTestimonials(language, reorderCallbacks);

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
                <ItemActions
                  name={t.name}
                  moveButtons={moveButtons}
                  onEdit={() => setEditing({ mode: "edit", item: t })}
                  onDelete={() => deleting.ask(t)}
                />
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

      <ItemFormDialog
        editing={editing}
        title={{ add: "Add Testimonial", edit: "Edit Testimonial" }}
        description={<>{language === "no" ? "Norwegian" : "English"} testimonial</>}
        empty={emptyTestimonial}
        saving={add.isPending || update.isPending}
        onClose={close}
        onSave={(v, item) =>
          item ? update.mutate({ id: item.id, input: input(v) }) : add.mutate(input(v))
        }
        Form={TestimonialForm}
      />

      <ConfirmDeleteDialog
        {...deleting.dialogProps(remove)}
        title="Delete testimonial?"
        description={`This permanently deletes the testimonial from ${deleting.item?.name}. This cannot be undone.`}
      />
    </AdminLayout>
  );
}
