import { zodResolver } from "@hookform/resolvers/zod";
import { Copy, Link2, Link2Off, Loader2 } from "lucide-react";
import { useState } from "react";
import { useForm } from "react-hook-form";
import {
  type Room,
  useNewRoomLink,
  useRevokeRoom,
  useRoom,
  useUpdateRoom,
} from "@/api/rooms.admin";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { ConfirmDeleteDialog } from "@/components/ui/confirm-delete-dialog";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { toast } from "@/components/ui/toaster";
import { errorMessage } from "@/lib/api";
import { formatDay, formatMoment } from "@/lib/dates";
import { type RoomValues, roomSchema } from "./room-rules";

const stateBadges: Record<
  Room["state"],
  { label: string; variant: "accent" | "muted" | "outline" }
> = {
  none: { label: "No link yet", variant: "outline" },
  active: { label: "Link works", variant: "accent" },
  expired: { label: "Link expired", variant: "muted" },
  revoked: { label: "Link revoked", variant: "muted" },
};

/** What the room's state means for the brand, in a line. */
function stateLine(room: Room): string {
  switch (room.state) {
    case "none":
      return "The brand sees nothing until you make a link and send it.";
    case "active":
      return room.lastOpenedAt
        ? `The brand last opened the room ${formatMoment(room.lastOpenedAt)}.`
        : "The brand has not opened the room yet.";
    case "expired":
      return `The link worked through ${formatDay(room.expiresOn)}. Set a later expiry or make a new link.`;
    case "revoked":
      return "Every link of this room is revoked. Make a new link to open it again.";
  }
}

/**
 * The deal's delivery room: its state, the brand's working link (kept by the server, so it can be
 * copied again at any time), the expiry and the days a draft waits for its answer, a new link (asked
 * first when a link works: the brand's stops working) and revoking.
 */
export function RoomLink({ dealId, contactEmail }: { dealId: number; contactEmail: string }) {
  const room = useRoom(dealId);
  const [revoking, setRevoking] = useState(false);
  const [replacing, setReplacing] = useState(false);
  const make = useNewRoomLink(dealId);
  const save = useUpdateRoom(dealId);
  const revoke = useRevokeRoom(dealId);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<RoomValues>({
    resolver: zodResolver(roomSchema),
    values: room.data
      ? { expiresOn: room.data.expiresOn, answerDays: room.data.answerDays }
      : { expiresOn: "", answerDays: 3 },
  });

  if (room.isPending) return <Card className="p-5 text-sm text-muted-foreground">Loading…</Card>;
  if (room.isError) {
    return <Card className="p-5 text-sm text-destructive">Failed to load the delivery room.</Card>;
  }
  const r = room.data;
  const badge = stateBadges[r.state];
  const failed = (what: string) => (e: Error) =>
    toast.error(`Error: ${what}`, { description: errorMessage(e, "Please try again.") });

  const link = r.url ?? null;
  const makeLink = handleSubmit((values) =>
    make.mutate(values, {
      onSuccess: () => {
        setReplacing(false);
        toast.success("Room link made: copy it and send it to the brand");
      },
      onError: (e) => {
        setReplacing(false);
        failed("the link was not made")(e);
      },
    }),
  );
  // A working link is the brand's way in: replacing it is asked first.
  const askOrMake = r.state === "active" ? () => setReplacing(true) : makeLink;
  const saveSettings = handleSubmit((values) =>
    save.mutate(values, {
      onSuccess: () => toast.success("Delivery room saved"),
      onError: failed("the room was not saved"),
    }),
  );

  return (
    <Card className="p-5" data-testid="room-link">
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <h2 className="font-semibold">Delivery room</h2>
        <Badge variant={badge.variant} data-testid="room-state">
          {badge.label}
        </Badge>
      </div>
      <p className="mb-4 text-sm text-muted-foreground">
        {stateLine(r)}
        {r.linkCreatedAt ? ` Link made ${formatMoment(r.linkCreatedAt)}.` : ""}
      </p>
      {link ? (
        <div className="mb-4 flex flex-col gap-2 rounded-md border border-border bg-muted/40 p-3">
          <label htmlFor={`room-url-${dealId}`} className="text-sm font-medium">
            The brand's link
          </label>
          <div className="flex gap-2">
            <Input
              id={`room-url-${dealId}`}
              readOnly
              value={link}
              onFocus={(e) => e.currentTarget.select()}
              data-testid="room-url"
            />
            <Button
              variant="outline"
              onClick={() =>
                navigator.clipboard.writeText(link).then(
                  () => toast.success("Link copied"),
                  () => toast.error("Could not copy: select the link and copy it"),
                )
              }
            >
              <Copy className="size-4" aria-hidden="true" />
              Copy link
            </Button>
          </div>
          <p className="text-xs text-muted-foreground">
            It stays here while it works: copy it again whenever the brand needs it.
            {!r.mail
              ? " E-mail is off on this site: send the brand the link yourself, and tell them when a new draft is in the room."
              : contactEmail
                ? ` ${contactEmail} also gets a link by e-mail with each new draft.`
                : " The deal has no contact e-mail, so the brand gets no e-mail of new drafts."}
          </p>
        </div>
      ) : null}
      <form className="grid gap-4 sm:grid-cols-2" onSubmit={(e) => e.preventDefault()} noValidate>
        <FormField label="Link works through (optional)" error={errors.expiresOn?.message}>
          {(control) => <Input type="date" {...control} {...register("expiresOn")} />}
        </FormField>
        <FormField label="Business days to answer a draft" error={errors.answerDays?.message}>
          {(control) => (
            <Input
              type="number"
              min={1}
              max={30}
              {...control}
              {...register("answerDays", { valueAsNumber: true })}
            />
          )}
        </FormField>
        <p className="text-xs text-muted-foreground sm:col-span-2">
          A draft not answered within these days (Monday to Friday) is approved automatically
          {r.mail
            ? ", and you and the brand are told by e-mail."
            : ", and the room and this page say so."}
        </p>
        <div className="flex flex-wrap gap-2 sm:col-span-2">
          <Button onClick={askOrMake} disabled={make.isPending}>
            {make.isPending ? (
              <Loader2 className="size-4 animate-spin" aria-hidden="true" />
            ) : (
              <Link2 className="size-4" aria-hidden="true" />
            )}
            {r.state === "none" ? "Make the room link" : "Make a new link"}
          </Button>
          {r.state !== "none" ? (
            <Button variant="outline" onClick={saveSettings} disabled={save.isPending}>
              Save settings
            </Button>
          ) : null}
          {r.state === "active" || r.state === "expired" ? (
            <Button
              variant="outline"
              className="text-destructive"
              onClick={() => setRevoking(true)}
            >
              <Link2Off className="size-4" aria-hidden="true" />
              Revoke link
            </Button>
          ) : null}
        </div>
      </form>
      <ConfirmDeleteDialog
        open={replacing}
        title="Make a new link?"
        description="The brand's current link stops working at once, also the links in e-mails sent before. Send the new link to the brand yourself. To send the same link again, copy it instead."
        confirmLabel="Make a new link"
        pending={make.isPending}
        onCancel={() => setReplacing(false)}
        onConfirm={() => void makeLink()}
      />
      <ConfirmDeleteDialog
        open={revoking}
        title="Revoke the room link?"
        description="Every link to this room stops working at once, also those in e-mails. The drafts and licences stay; a new link opens the room again."
        confirmLabel="Revoke"
        pending={revoke.isPending}
        onCancel={() => setRevoking(false)}
        onConfirm={() =>
          revoke.mutate(undefined, {
            onSuccess: () => {
              setRevoking(false);
              toast.success("Room link revoked");
            },
            onError: (e) => {
              setRevoking(false);
              failed("the link was not revoked")(e);
            },
          })
        }
      />
    </Card>
  );
}
