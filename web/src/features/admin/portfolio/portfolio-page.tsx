import { ImageIcon, Pencil, Star, Trash2, Video } from "lucide-react";
import { type ReactNode, useState } from "react";
import { isPortfolioCategory, type PortfolioItem, usePortfolio } from "@/api/portfolio";
import {
  useCreatePortfolioItem,
  useDeletePortfolioItem,
  useReorderPortfolio,
  useUpdatePortfolioItem,
} from "@/api/portfolio.admin";
import { imageTexts } from "@/components/media/image-texts";
import { AdminImage } from "@/components/media/uploaded-image";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Spinner } from "@/components/ui/spinner";
import { toast } from "@/components/ui/toaster";
import { type Language, useLanguage } from "@/lib/i18n";
import { AdminLayout } from "../layout/admin-layout";
import { LanguageSelect, norwegianSelectTexts } from "../layout/language-select";
import { toastError } from "../layout/list-state";
import { toastOrderSaved } from "../ordering/order-saved";
import { sortTextsNo } from "../ordering/sort-texts";
import { SortableList } from "../ordering/sortable-list";
import { PortfolioForm } from "./portfolio-form";
import {
  adminCategoryLabel,
  emptyPortfolio,
  type PortfolioValues,
  portfolioInput,
  portfolioValues,
} from "./portfolio-rules";
import { ProcessingMark } from "./video-processing";

/**
 * A row's picture: the item's photo as visitors see it (or "processing"), else its processed
 * video's poster, else a video icon, else a placeholder icon (SPEC.md section 2).
 */
function Thumbnail({ item }: { item: PortfolioItem }) {
  const box = "grid size-16 shrink-0 place-items-center overflow-hidden rounded-md bg-muted";
  const poster = item.videoMedia?.status === "ready" ? item.videoMedia.posterUrl : "";
  const placeholder = (
    <span className={`${box} text-muted-foreground`}>
      {item.videoUrl ? (
        <Video className="size-6" aria-label="Video" />
      ) : (
        <ImageIcon className="size-6" aria-label="Ingen bilde" />
      )}
    </span>
  );
  return (
    <AdminImage
      address={item.imageUrl || poster}
      media={item.imageUrl ? (item.imageMedia ?? null) : null}
      shape="thumb"
      sizes="64px"
      texts={imageTexts.no}
      placeholder={placeholder}
    />
  );
}

/**
 * "/admin/portfolio" ("Portefølje"): the item form on the left, one language's list on the right.
 * It opens on the interface language (SPEC.md section 2) and has a switch of its own, as Content and
 * Testimonials do: the English items are edited without switching the public site.
 */
export function PortfolioPage() {
  const { language: interfaceLanguage } = useLanguage();
  const [language, setLanguage] = useState<Language>(interfaceLanguage);
  const list = usePortfolio(language);
  const [editing, setEditing] = useState<PortfolioItem | null>(null);
  const [formKey, setFormKey] = useState(0);
  // A new item starts in the category of the one she last added: items come in runs (three
  // lifestyle reels, then product photos), and "Produkt" is only the first one's default.
  const [lastCategory, setLastCategory] = useState<PortfolioValues["category"]>(
    emptyPortfolio.category,
  );

  const reset = () => {
    setEditing(null);
    setFormKey((k) => k + 1);
  };
  // An item being edited belongs to the list it came from: switching lists starts a new one.
  const switchLanguage = (next: Language) => {
    if (next === language) return;
    setLanguage(next);
    reset();
  };

  const create = useCreatePortfolioItem(language, {
    onSuccess: (input) => {
      if (isPortfolioCategory(input.category)) setLastCategory(input.category);
      toast.success("Success", { description: "Portfolio item created successfully" });
      reset();
    },
    onError: toastError("Error", "Failed to create portfolio item"),
  });
  const update = useUpdatePortfolioItem(language, {
    onSuccess: () => {
      toast.success("Success", { description: "Portfolio item updated successfully" });
      reset();
    },
    onError: toastError("Error", "Failed to update portfolio item"),
  });
  const remove = useDeletePortfolioItem(language, {
    onSuccess: (id) => {
      toast.success("Success", { description: "Portfolio item deleted successfully" });
      if (editing?.id === id) reset();
    },
    onError: toastError("Error", "Failed to delete portfolio item"),
  });

  const reorder = useReorderPortfolio(language, {
    onSuccess: toastOrderSaved,
    onError: toastError("Error", "Failed to save the new order"),
  });

  const confirmDelete = (item: PortfolioItem) => {
    if (window.confirm("Are you sure you want to delete this item?")) remove.mutate(item.id);
  };

  let items: ReactNode;
  if (list.isPending) {
    items = <Spinner label="Laster porteføljeelementer" />;
  } else if (list.isError) {
    items = (
      <div className="flex flex-col items-center gap-3 py-10 text-center">
        <p className="text-destructive">Kunne ikke laste porteføljeelementer.</p>
        <Button variant="outline" onClick={() => list.refetch()}>
          Prøv igjen
        </Button>
      </div>
    );
  } else if (list.data.length === 0) {
    items = (
      <p className="py-10 text-center text-muted-foreground">
        Ingen porteføljeelementer ennå. Opprett ditt første!
      </p>
    );
  } else {
    items = (
      <SortableList
        items={list.data}
        nameOf={(item) => item.title}
        label="Porteføljeelementer, i rekkefølgen besøkende ser dem"
        className="flex flex-col divide-y divide-border"
        texts={sortTextsNo}
        onReorder={(ids) => reorder.mutate(ids)}
      >
        {(item, { handle, moveButtons }) => (
          <div className="flex items-start gap-2 bg-card py-3 sm:gap-3" data-testid="portfolio-row">
            {handle}
            <Thumbnail item={item} />
            <div className="min-w-0 flex-1">
              {/* The whole title, wrapped: the list is where she tells items apart. */}
              <h3 className="font-medium break-words">{item.title}</h3>
              <p className="flex flex-wrap items-center gap-2 text-xs text-muted-foreground">
                <span>Kategori: {adminCategoryLabel(item.category)}</span>
                {item.featured ? (
                  <span className="inline-flex items-center gap-1 text-amber-700">
                    <Star className="size-3 fill-current" aria-hidden="true" />
                    Fremhevet
                  </span>
                ) : null}
                {!item.isActive ? <span>Skjult</span> : null}
                <ProcessingMark item={item} />
              </p>
              {item.description ? (
                <p className="mt-1 line-clamp-2 text-sm text-muted-foreground">
                  {item.description}
                </p>
              ) : null}
            </div>
            <div className="grid shrink-0 grid-cols-2 sm:grid-cols-4">
              <Button
                variant="ghost"
                size="icon"
                aria-label={`Rediger ${item.title}`}
                onClick={() => {
                  setEditing(item);
                  setFormKey((k) => k + 1);
                  window.scrollTo({ top: 0, behavior: "smooth" });
                }}
              >
                <Pencil className="size-4" aria-hidden="true" />
              </Button>
              <Button
                variant="ghost"
                size="icon"
                className="text-destructive"
                aria-label={`Slett ${item.title}`}
                disabled={remove.isPending}
                onClick={() => confirmDelete(item)}
              >
                <Trash2 className="size-4" aria-hidden="true" />
              </Button>
              <span className="col-span-2 flex">{moveButtons}</span>
            </div>
          </div>
        )}
      </SortableList>
    );
  }

  return (
    <AdminLayout
      lang="no"
      title="Portefølje"
      description="Administrer arbeidet som vises på nettsiden."
      actions={
        <LanguageSelect
          id="portfolio-language"
          value={language}
          onChange={switchLanguage}
          visibleLabel
          texts={norwegianSelectTexts}
        />
      }
    >
      <div className="grid grid-cols-1 items-start gap-6 lg:grid-cols-[minmax(0,26rem)_minmax(0,1fr)]">
        <Card className="min-w-0 p-5 sm:p-6">
          <h2 className="text-lg font-semibold">
            {editing ? "Rediger porteføljeelement" : "Legg til porteføljeelement"}
          </h2>
          <p className="mb-4 text-sm text-muted-foreground" data-testid="portfolio-form-language">
            {language === "no" ? "På den norske siden" : "På den engelske siden"}
          </p>
          <PortfolioForm
            key={formKey}
            defaults={
              editing ? portfolioValues(editing) : { ...emptyPortfolio, category: lastCategory }
            }
            editing={editing !== null}
            saving={create.isPending || update.isPending}
            onCancel={reset}
            onSubmit={(v) => {
              const input = portfolioInput(v, language);
              if (editing) update.mutate({ id: editing.id, input });
              else create.mutate(input);
            }}
          />
        </Card>
        <Card className="min-w-0 p-5 sm:p-6">
          <h2 className="text-lg font-semibold">
            Porteføljeelementer ({language === "no" ? "norsk" : "engelsk"})
          </h2>
          <p className="mb-2 text-sm text-muted-foreground">
            Besøkende ser dem i denne rekkefølgen: dra i håndtaket, eller bruk pilene. Et nytt
            element legges øverst etter de fremhevede; et element du fremhever, flyttes helt øverst.
          </p>
          {items}
        </Card>
      </div>
    </AdminLayout>
  );
}
