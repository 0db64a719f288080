import { Building2, Eye, Link2, Mail, Trash2 } from "lucide-react";
import { useEffect, useState } from "react";
import {
  type Inquiry,
  useDeleteInquiry,
  useInquiries,
  useMailState,
  useMarkInquiryRead,
} from "@/api/inquiries.admin";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { cn } from "@/components/ui/cn";
import { ConfirmDeleteDialog } from "@/components/ui/confirm-delete-dialog";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { toast } from "@/components/ui/toaster";
import { errorMessage } from "@/lib/api";
import { formatMoment } from "@/lib/dates";
import { AdminLayout } from "../layout/admin-layout";
import { ListState, toastError } from "../layout/list-state";
import { InquiryDeal } from "./inquiry-deal";
import { DeliveryStatus, ExportCsvButton, MailOffNotice, ReplyButton } from "./inquiry-mail";

const filters = ["all", "unread", "read"] as const;
type Filter = (typeof filters)[number];

/** SPEC.md: dates like 'MMM d, yyyy • h:mm a'. */

/** "/admin/inquiries": contact form messages with All/Unread/Read tabs. */
export function InquiriesPage() {
  const [filter, setFilter] = useState<Filter>("all");
  const [viewing, setViewing] = useState<Inquiry | null>(null);
  const [deleting, setDeleting] = useState<Inquiry | null>(null);
  const list = useInquiries();
  const mail = useMailState();

  const markRead = useMarkInquiryRead({
    onError: toastError(
      "Error marking as read",
      "There was an error marking the inquiry as read. Please try again.",
    ),
  });
  const remove = useDeleteInquiry({
    onSuccess: () => {
      toast.success("Inquiry deleted");
      setDeleting(null);
      setViewing(null);
    },
    onError: (e) => {
      // SPEC.md section 4: an error clears the pending delete selection.
      setDeleting(null);
      toast.error("Error deleting inquiry", {
        description: errorMessage(e, "There was an error deleting the inquiry. Please try again."),
      });
    },
  });

  /** View & Mark Read: open the detail; an unread one becomes read, a read one is left alone. */
  const open = (inq: Inquiry) => {
    setViewing(inq);
    if (!inq.isRead) markRead.mutate(inq.id);
  };

  // The notification's link (?inquiry=ID) opens that inquiry once the list is in.
  const linked = new URLSearchParams(window.location.search).get("inquiry");
  const [linkOpened, setLinkOpened] = useState(false);
  useEffect(() => {
    if (linkOpened || !linked || !list.data) return;
    setLinkOpened(true);
    const inq = list.data.find((i) => String(i.id) === linked);
    if (inq) open(inq);
  });

  const all = list.data ?? [];
  const unread = all.filter((i) => !i.isRead);
  const read = all.filter((i) => i.isRead);
  const shown = filter === "unread" ? unread : filter === "read" ? read : all;

  // SPEC.md's 'No {filter} inquiries found.', which reads wrong for All.
  const emptyMessage = filter === "all" ? "No inquiries found." : `No ${filter} inquiries found.`;
  const content = (
    <ListState
      query={list}
      loading="Loading inquiries"
      failed="Failed to load inquiries."
      items={shown}
      empty={{ message: emptyMessage }}
    >
      {(items) => (
        <ul className="flex flex-col gap-3">
          {items.map((inq) => (
            <li key={inq.id}>
              <Card
                data-testid="inquiry-card"
                className={cn("p-5", !inq.isRead && "border-l-4 border-l-amber-400")}
              >
                <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
                  <div className="min-w-0 flex-1">
                    <div className="flex flex-wrap items-center gap-2">
                      <h2 className="font-semibold">{inq.name}</h2>
                      {!inq.isRead ? <Badge variant="accent">New</Badge> : null}
                    </div>
                    <p className="mt-1 flex flex-wrap gap-x-4 gap-y-1 text-sm text-muted-foreground">
                      <span className="inline-flex items-center gap-1 break-all">
                        <Mail className="size-3.5" aria-hidden="true" />
                        {inq.email}
                      </span>
                      {inq.company ? (
                        <span className="inline-flex items-center gap-1">
                          <Building2 className="size-3.5" aria-hidden="true" />
                          {inq.company}
                        </span>
                      ) : null}
                      {inq.pitchLink ? (
                        <span
                          className="inline-flex items-center gap-1"
                          data-testid="inquiry-pitch-link"
                        >
                          <Link2 className="size-3.5" aria-hidden="true" />
                          Via pitch link “{inq.pitchLink.name}”
                        </span>
                      ) : null}
                    </p>
                    <p className="mt-2 line-clamp-2 text-sm">{inq.message}</p>
                    <p className="mt-2 text-xs text-muted-foreground">
                      {formatMoment(inq.createdAt)}
                      {inq.service ? ` · ${inq.service}` : ""}
                    </p>
                    {mail.data?.enabled ? (
                      <div className="mt-2">
                        <DeliveryStatus inquiry={inq} delivery={mail.data.deliveries[inq.id]} />
                      </div>
                    ) : null}
                  </div>
                  <div className="flex shrink-0 flex-wrap gap-2">
                    <InquiryDeal inquiry={inq} />
                    <Button variant="outline" size="sm" onClick={() => open(inq)}>
                      <Eye className="size-4" aria-hidden="true" />
                      View & Mark Read
                    </Button>
                    <Button
                      variant="outline"
                      size="sm"
                      className="text-destructive"
                      aria-label={`Delete inquiry from ${inq.name}`}
                      onClick={() => setDeleting(inq)}
                    >
                      <Trash2 className="size-4" aria-hidden="true" />
                    </Button>
                  </div>
                </div>
              </Card>
            </li>
          ))}
        </ul>
      )}
    </ListState>
  );

  return (
    <AdminLayout title="Inquiries" description="Messages sent through the contact form.">
      {mail.data && !mail.data.enabled ? <MailOffNotice /> : null}
      {/* The list is the tabs' panel: each tab points (aria-controls) at a panel that is there. */}
      <Tabs value={filter} onValueChange={(v) => setFilter(v as Filter)}>
        <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
          <TabsList>
            <TabsTrigger value="all">All ({all.length})</TabsTrigger>
            <TabsTrigger value="unread">Unread ({unread.length})</TabsTrigger>
            <TabsTrigger value="read">Read ({read.length})</TabsTrigger>
          </TabsList>
          {all.length > 0 ? <ExportCsvButton /> : null}
        </div>
        {filters.map((f) => (
          <TabsContent key={f} value={f} className="mt-0">
            {content}
          </TabsContent>
        ))}
      </Tabs>

      <Dialog open={viewing !== null} onOpenChange={(o) => !o && setViewing(null)}>
        <DialogContent wide>
          {viewing ? (
            <>
              <DialogHeader>
                <DialogTitle>Inquiry from {viewing.name}</DialogTitle>
                <DialogDescription>{formatMoment(viewing.createdAt)}</DialogDescription>
              </DialogHeader>
              <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
                <dt className="text-muted-foreground">Email</dt>
                <dd className="break-all">
                  <a href={`mailto:${viewing.email}`} className="underline">
                    {viewing.email}
                  </a>
                </dd>
                <dt className="text-muted-foreground">Company</dt>
                <dd>{viewing.company || "—"}</dd>
                <dt className="text-muted-foreground">Service</dt>
                <dd>{viewing.service || "—"}</dd>
                <dt className="text-muted-foreground">Pitch link</dt>
                <dd>{viewing.pitchLink?.name ?? "—"}</dd>
                <dt className="text-muted-foreground">Deal</dt>
                <dd>
                  {/* The list's copy: it refreshes when a deal is made, the dialog's snapshot does not. */}
                  <InquiryDeal inquiry={all.find((i) => i.id === viewing.id) ?? viewing} />
                </dd>
              </dl>
              <p className="whitespace-pre-wrap rounded-md bg-muted p-4 text-sm">
                {viewing.message}
              </p>
              <DialogFooter>
                <Button
                  variant="outline"
                  onClick={() => setDeleting(viewing)}
                  className="text-destructive"
                >
                  <Trash2 className="size-4" aria-hidden="true" />
                  Delete
                </Button>
                <ReplyButton inquiry={viewing} />
              </DialogFooter>
            </>
          ) : null}
        </DialogContent>
      </Dialog>

      <ConfirmDeleteDialog
        open={deleting !== null}
        title="Delete inquiry?"
        description={`This permanently deletes the inquiry from ${deleting?.name}. This cannot be undone.`}
        pending={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={() => deleting && remove.mutate(deleting.id)}
      />
    </AdminLayout>
  );
}
