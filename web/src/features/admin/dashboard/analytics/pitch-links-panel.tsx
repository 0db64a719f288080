import { Copy, Link2, Plus, Trash2 } from "lucide-react";
import { type FormEvent, useState } from "react";
import { useMailState } from "@/api/inquiries.admin";
import {
  type PitchLink,
  useCreatePitchLink,
  useDeletePitchLink,
  usePitchLinks,
  useSetPitchNotify,
} from "@/api/pitch-links.admin";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { ConfirmDeleteDialog } from "@/components/ui/confirm-delete-dialog";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from "@/components/ui/select";
import { Spinner } from "@/components/ui/spinner";
import { toast } from "@/components/ui/toaster";
import { errorMessage } from "@/lib/api";
import { formatMoment } from "@/lib/dates";
import type { Language } from "@/lib/i18n";
import { sectionNames, targetName } from "./parts";
import { usePortfolioById } from "./video-table";

/** DESIGN.md section 2's date format. */

function CreateForm() {
  const [name, setName] = useState("");
  const [note, setNote] = useState("");
  const [notifyOpen, setNotifyOpen] = useState(true);
  // The page the brand reads: the Norwegian home page or the English one (/en).
  const [language, setLanguage] = useState<Language>("no");
  const [problem, setProblem] = useState("");
  const create = useCreatePitchLink({
    onSuccess: () => {
      setName("");
      setNote("");
      setNotifyOpen(true);
      setLanguage("no");
      toast.success("Pitch link created", { description: "Copy it from the list below." });
    },
    onError: (error) => toast.error(errorMessage(error, "Could not create the pitch link.")),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (name.trim() === "") {
      setProblem("Name is required");
      return;
    }
    setProblem("");
    create.mutate({ name: name.trim(), note: note.trim(), notifyOpen, language });
  };
  return (
    <form
      onSubmit={submit}
      noValidate
      className="grid gap-3 sm:grid-cols-[1fr_1.5fr_auto_auto] sm:items-end"
    >
      <div>
        <Label htmlFor="pitch-name">Brand or contact</Label>
        <Input
          id="pitch-name"
          value={name}
          onChange={(e) => setName(e.target.value)}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? "pitch-name-error" : undefined}
          placeholder="Acme AS"
        />
      </div>
      <div>
        <Label htmlFor="pitch-note">Note (optional)</Label>
        <Input id="pitch-note" value={note} onChange={(e) => setNote(e.target.value)} />
      </div>
      <div>
        <Label htmlFor="pitch-language">Page</Label>
        <Select value={language} onValueChange={(v) => setLanguage(v as Language)}>
          <SelectTrigger id="pitch-language" className="sm:w-36">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value="no">Norwegian</SelectItem>
            <SelectItem value="en">English</SelectItem>
          </SelectContent>
        </Select>
      </div>
      <Button type="submit" disabled={create.isPending}>
        <Plus className="size-4" aria-hidden="true" />
        Create link
      </Button>
      <label className="flex items-center gap-2 text-sm sm:col-span-4">
        <input
          type="checkbox"
          className="size-4 accent-stone-900"
          checked={notifyOpen}
          onChange={(e) => setNotifyOpen(e.target.checked)}
        />
        E-mail me the first time it is opened
      </label>
      {problem ? (
        <p id="pitch-name-error" className="text-sm font-medium text-destructive sm:col-span-4">
          {problem}
        </p>
      ) : null}
    </form>
  );
}

async function copy(url: string) {
  try {
    await navigator.clipboard.writeText(url);
    toast.success("Link copied");
  } catch {
    toast.error("Could not copy: select the link and copy it by hand.");
  }
}

/** The switch of a link not opened yet: an e-mail to the creator the first time it is. */
function NotifySwitch({ link }: { link: PitchLink }) {
  const setNotify = useSetPitchNotify({
    onSuccess: ({ notifyOpen }) =>
      toast.success(
        notifyOpen
          ? `You get an e-mail when ${link.name} first opens the link`
          : `No e-mail when ${link.name} opens the link`,
      ),
    onError: (error) => toast.error(errorMessage(error, "Could not change the e-mail setting.")),
  });
  return (
    <label className="mt-2 flex items-center gap-2 text-sm">
      <input
        type="checkbox"
        className="size-4 accent-stone-900"
        checked={link.notifyOpen}
        disabled={setNotify.isPending}
        onChange={(e) => setNotify.mutate({ id: link.id, notifyOpen: e.target.checked })}
      />
      E-mail me the first time it is opened
    </label>
  );
}

/** One link: its address, whether it was opened, and what its visitors did. */
function LinkCard({ link, onDelete }: { link: PitchLink; onDelete: () => void }) {
  const items = usePortfolioById();
  const opened = link.firstVisit !== null;
  const reached = sectionNames.filter(([id]) => (link.sections[id] ?? 0) > 0);
  const packages = Object.entries(link.packageClicks).filter(([, n]) => n > 0);
  return (
    <Card className="p-4" data-testid="pitch-link">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <div className="flex flex-wrap items-center gap-2">
            <h4 className="font-semibold">{link.name}</h4>
            <Badge variant="muted">
              {link.language === "en" ? "English page" : "Norwegian page"}
            </Badge>
            {opened ? (
              <Badge variant="accent">Opened</Badge>
            ) : (
              <Badge variant="muted">Not opened yet</Badge>
            )}
            {link.inquiries > 0 ? (
              <Badge data-testid="pitch-link-inquiry">
                {link.inquiries === 1 ? "Inquiry sent" : `${link.inquiries} inquiries sent`}
              </Badge>
            ) : null}
          </div>
          {link.note ? <p className="mt-1 text-sm text-muted-foreground">{link.note}</p> : null}
          <p className="mt-1 break-all font-mono text-xs" data-testid="pitch-link-url">
            {link.url}
          </p>
          <p className="mt-0.5 break-all font-mono text-xs text-muted-foreground">
            Media kit: {link.kitUrl}
          </p>
          {opened ? null : <NotifySwitch link={link} />}
        </div>
        <div className="flex gap-2">
          <Button variant="outline" size="sm" onClick={() => copy(link.url)}>
            <Copy className="size-4" aria-hidden="true" />
            Copy link
          </Button>
          <Button variant="outline" size="sm" onClick={() => copy(link.kitUrl)}>
            <Copy className="size-4" aria-hidden="true" />
            Copy media kit link
          </Button>
          <Button variant="ghost" size="sm" onClick={onDelete} aria-label={`Delete ${link.name}`}>
            <Trash2 className="size-4" aria-hidden="true" />
          </Button>
        </div>
      </div>
      {opened ? (
        <dl className="mt-3 grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
          <dt className="text-muted-foreground">Visits</dt>
          <dd data-testid="pitch-link-visits">{link.visits}</dd>
          <dt className="text-muted-foreground">First / last visit</dt>
          <dd>
            {formatMoment(link.firstVisit as string)}
            {link.lastVisit && link.lastVisit !== link.firstVisit
              ? ` / ${formatMoment(link.lastVisit)}`
              : ""}
          </dd>
          <dt className="text-muted-foreground">Sections reached</dt>
          <dd>{reached.length > 0 ? reached.map(([, name]) => name).join(", ") : "—"}</dd>
          <dt className="text-muted-foreground">Videos played</dt>
          <dd data-testid="pitch-link-plays">
            {link.plays.length > 0
              ? link.plays
                  .map((p) => {
                    const title = items.get(p.itemId)?.title ?? `Item #${p.itemId}`;
                    return `${title} (${p.plays}×, up to ${p.maxPct} %)`;
                  })
                  .join(", ")
              : "—"}
          </dd>
          <dt className="text-muted-foreground">Media kit</dt>
          <dd data-testid="pitch-link-kit">
            {link.kitOpens > 0 || link.kitDownloads > 0
              ? [
                  link.kitOpens > 0 ? `opened the media kit (${link.kitOpens}×)` : "",
                  link.kitDownloads > 0 ? `downloaded the PDF (${link.kitDownloads}×)` : "",
                ]
                  .filter(Boolean)
                  .join(", ")
              : "—"}
          </dd>
          <dt className="text-muted-foreground">Package clicks</dt>
          <dd>
            {packages.length > 0
              ? packages.map(([target, n]) => `${targetName(target)} (${n})`).join(", ")
              : "—"}
          </dd>
        </dl>
      ) : null}
    </Card>
  );
}

/** The pitch links: create one per brand, copy it, see whether and how it was used, delete it. */
export function PitchLinksPanel() {
  const links = usePitchLinks();
  const mailOff = useMailState().data?.enabled === false;
  const [deleting, setDeleting] = useState<PitchLink | null>(null);
  const remove = useDeletePitchLink({
    onSuccess: () => {
      setDeleting(null);
      toast.success("Pitch link deleted");
    },
    onError: (error) => toast.error(errorMessage(error, "Could not delete the pitch link.")),
  });
  let list: React.ReactNode;
  if (links.isPending) list = <Spinner label="Loading pitch links…" className="py-8" />;
  else if (links.isError) list = <p className="text-sm">Failed to load pitch links.</p>;
  else if (links.data.length === 0)
    list = <p className="text-sm text-muted-foreground">No pitch links yet.</p>;
  else
    list = (
      <ul className="flex flex-col gap-3">
        {links.data.map((link) => (
          <li key={link.id}>
            <LinkCard link={link} onDelete={() => setDeleting(link)} />
          </li>
        ))}
      </ul>
    );
  return (
    <section aria-labelledby="pitch-links-title" className="flex flex-col gap-4">
      <div>
        <h3 id="pitch-links-title" className="flex items-center gap-2 text-lg font-semibold">
          <Link2 className="size-5" aria-hidden="true" />
          Pitch links
        </h3>
        <p className="text-sm text-muted-foreground">
          A link per brand you pitch tells you whether they opened your site and what they watched.
          Its visits are kept for 12 months, and the page it opens says so.
        </p>
        {mailOff ? (
          <p className="mt-1 text-sm text-muted-foreground" data-testid="pitch-mail-off">
            E-mail is off on this server (UGCFOLIO_SMTP_URL is not set): no e-mail is sent when a
            link is opened.
          </p>
        ) : null}
      </div>
      <Card className="p-4">
        <CreateForm />
      </Card>
      {list}
      <ConfirmDeleteDialog
        open={deleting !== null}
        title="Delete this pitch link?"
        description={`The link for ${deleting?.name ?? ""} stops working and its visits are deleted.`}
        pending={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={() => deleting && remove.mutate(deleting.id)}
      />
    </section>
  );
}
