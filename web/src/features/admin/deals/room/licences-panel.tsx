import { zodResolver } from "@hookform/resolvers/zod";
import { Pencil, Trash2 } from "lucide-react";
import { useState } from "react";
import { useForm } from "react-hook-form";
import {
  type Licence,
  useDeleteLicence,
  useLicences,
  useRoom,
  useSetLicence,
} from "@/api/rooms.admin";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { toast } from "@/components/ui/toaster";
import { errorMessage } from "@/lib/api";
import { formatDay } from "@/lib/dates";
import { videoNumbers } from "./drafts-panel";
import { channelList, type LicenceValues, licenceSchema } from "./room-rules";

const usageLabels = { organic: "Organic use", paid: "Paid use (ads)" } as const;

/** A stored licence in a line or two. */
function LicenceSummary({ licence }: { licence: Licence }) {
  return (
    <dl
      className="grid grid-cols-[max-content_minmax(0,1fr)] gap-x-4 gap-y-1 text-sm"
      data-testid="licence"
    >
      <dt className="text-muted-foreground">Use</dt>
      <dd>{usageLabels[licence.usage]}</dd>
      <dt className="text-muted-foreground">Channels</dt>
      <dd>{licence.channels.join(", ")}</dd>
      <dt className="text-muted-foreground">Territory</dt>
      <dd>{licence.territory}</dd>
      <dt className="text-muted-foreground">Period</dt>
      <dd>
        {formatDay(licence.startDate)} – {formatDay(licence.endDate)}
      </dd>
      <dt className="text-muted-foreground">Whitelisting</dt>
      <dd>{licence.whitelisting ? "Yes" : "No"}</dd>
    </dl>
  );
}

const blank: LicenceValues = {
  usage: "organic",
  channels: "",
  territory: "",
  startDate: "",
  endDate: "",
  whitelisting: false,
};

/** The licence form of one video, checked by licenceSchema (the server's rules and messages). */
function LicenceForm({
  dealId,
  video,
  licence,
  onDone,
}: {
  dealId: number;
  video: number;
  licence: Licence | undefined;
  onDone: () => void;
}) {
  const set = useSetLicence(dealId);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<LicenceValues>({
    resolver: zodResolver(licenceSchema),
    defaultValues: licence ? { ...licence, channels: licence.channels.join(", ") } : blank,
  });
  const id = (name: string) => `licence-${dealId}-${video}-${name}`;
  const submit = handleSubmit((values) =>
    set.mutate(
      { video, input: { ...values, channels: channelList(values.channels) } },
      {
        onSuccess: () => {
          toast.success(`Licence of video ${video} saved`);
          onDone();
        },
        onError: (e) =>
          toast.error("Error saving the licence", {
            description: errorMessage(e, "Please try again."),
          }),
      },
    ),
  );
  return (
    <form className="grid gap-3 sm:grid-cols-2" onSubmit={submit} noValidate>
      <FormField label="Use" id={id("usage")} error={errors.usage?.message}>
        {(control) => (
          <select
            className="h-10 rounded-md border border-border bg-card px-3 text-sm"
            {...control}
            {...register("usage")}
          >
            <option value="organic">Organic use</option>
            <option value="paid">Paid use (ads)</option>
          </select>
        )}
      </FormField>
      <FormField
        label="Channels"
        id={id("channels")}
        error={errors.channels?.message}
        hint={
          <p className="text-xs text-muted-foreground">Separated by commas: TikTok, Instagram</p>
        }
      >
        {(control) => <Input {...control} {...register("channels")} />}
      </FormField>
      <FormField label="Territory" id={id("territory")} error={errors.territory?.message}>
        {(control) => <Input placeholder="Norway" {...control} {...register("territory")} />}
      </FormField>
      <div className="flex items-center gap-2 self-end pb-2">
        <input
          id={id("whitelisting")}
          type="checkbox"
          className="size-4"
          {...register("whitelisting")}
        />
        <label htmlFor={id("whitelisting")} className="text-sm font-medium">
          Whitelisting (the brand may run it from your account)
        </label>
      </div>
      <FormField label="First day" id={id("start")} error={errors.startDate?.message}>
        {(control) => <Input type="date" {...control} {...register("startDate")} />}
      </FormField>
      <FormField label="Last day" id={id("end")} error={errors.endDate?.message}>
        {(control) => <Input type="date" {...control} {...register("endDate")} />}
      </FormField>
      <div className="flex gap-2 sm:col-span-2">
        <Button type="submit" disabled={set.isPending}>
          Save licence
        </Button>
        <Button variant="outline" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

/**
 * The usage rights of each of the deal's videos: what the brand may do with it, where, how long.
 * The room shows them and prints them; you are e-mailed 14 days before one ends and on the day
 * (when the site sends e-mail: the room's answer says).
 */
export function LicencesPanel({ dealId, videos }: { dealId: number; videos: number }) {
  const licences = useLicences(dealId);
  const remove = useDeleteLicence(dealId);
  const [editing, setEditing] = useState<number | null>(null);
  const mail = useRoom(dealId).data?.mail ?? false;
  const count = Math.max(videos, 1);
  return (
    <Card className="p-5" data-testid="licences-panel">
      <h2 className="mb-1 font-semibold">Usage rights</h2>
      <p className="mb-4 text-sm text-muted-foreground">
        {mail
          ? "You are e-mailed 14 days before a licence ends and on its last day."
          : "E-mail is off on this site, so no reminder is sent: the Overview lists the licences ending within 30 days."}
      </p>
      {licences.isError ? (
        <p className="text-sm text-destructive">Failed to load the licences.</p>
      ) : (
        <ul className="flex flex-col gap-4">
          {videoNumbers(count).map((video) => {
            const licence = licences.data?.find((l) => l.deliverable === video);
            return (
              <li
                key={video}
                className="flex flex-col gap-2 border-t border-border pt-4 first:border-t-0 first:pt-0"
              >
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <h3 className="font-medium">Video {video}</h3>
                  {editing !== video ? (
                    <div className="flex gap-2">
                      <Button variant="outline" size="sm" onClick={() => setEditing(video)}>
                        <Pencil className="size-4" aria-hidden="true" />
                        {licence ? "Edit licence" : "Set licence"}
                      </Button>
                      {licence ? (
                        <Button
                          variant="ghost"
                          size="sm"
                          className="text-destructive"
                          aria-label={`Remove the licence of video ${video}`}
                          onClick={() =>
                            remove.mutate(video, {
                              onSuccess: () => toast.success("Licence removed"),
                              onError: (e) =>
                                toast.error("Error removing the licence", {
                                  description: errorMessage(e, "Please try again."),
                                }),
                            })
                          }
                        >
                          <Trash2 className="size-4" aria-hidden="true" />
                        </Button>
                      ) : null}
                    </div>
                  ) : null}
                </div>
                {editing === video ? (
                  <LicenceForm
                    dealId={dealId}
                    video={video}
                    licence={licence}
                    onDone={() => setEditing(null)}
                  />
                ) : licence ? (
                  <LicenceSummary licence={licence} />
                ) : (
                  <p className="text-sm text-muted-foreground">No licence yet.</p>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </Card>
  );
}
