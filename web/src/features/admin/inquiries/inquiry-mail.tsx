import { format as formatDate } from "date-fns";
import { CheckCircle2, Clock, Download, Mail, RotateCw, XCircle } from "lucide-react";
import {
  type Delivery,
  type Inquiry,
  inquiriesCsvUrl,
  useResendInquiryMail,
} from "@/api/inquiries.admin";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { cn } from "@/components/ui/cn";
import { toast } from "@/components/ui/toaster";
import { errorMessage } from "@/lib/api";
import { format } from "@/lib/i18n";
import { adminMailTexts, replySubjects } from "@/lib/i18n/admin-mail";

/**
 * The reply link: the sender's address and a `Re:` subject in the inquiry's language. The address
 * is encoded (a local part may hold ? or &) except its @.
 */
export function replyHref(inq: Pick<Inquiry, "email" | "service" | "language">): string {
  const lang = inq.language === "en" ? "en" : "no";
  const subject = inq.service
    ? format(replySubjects.about[lang], { service: inq.service })
    : replySubjects.plain[lang];
  return `mailto:${encodeURIComponent(inq.email).replace("%40", "@")}?subject=${encodeURIComponent(subject)}`;
}

/** 'Reply by e-mail': opens the mail program. */
export function ReplyButton({ inquiry, size }: { inquiry: Inquiry; size?: "sm" }) {
  const t = adminMailTexts;
  return (
    <Button asChild size={size}>
      <a href={replyHref(inquiry)} data-testid="reply-button">
        <Mail className="size-4" aria-hidden="true" />
        {t.reply}
      </a>
    </Button>
  );
}

/** The CSV export of every inquiry. */
export function ExportCsvButton() {
  const t = adminMailTexts;
  return (
    <Button asChild variant="outline" size="sm">
      <a href={inquiriesCsvUrl} download>
        <Download className="size-4" aria-hidden="true" />
        {t.exportCsv}
      </a>
    </Button>
  );
}

/** Says that e-mail notification is off. */
export function MailOffNotice() {
  const t = adminMailTexts;
  return (
    <Card role="status" className="mb-4 flex items-start gap-3 p-4 text-sm text-muted-foreground">
      <Mail className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      <p>{t.off}</p>
    </Card>
  );
}

const time = (iso: string) => formatDate(new Date(iso), "d. MMM HH:mm");

/** One inquiry's delivery, with "send again". */
export function DeliveryStatus({
  inquiry,
  delivery,
}: {
  inquiry: Inquiry;
  delivery: Delivery | undefined;
}) {
  const t = adminMailTexts;
  const resend = useResendInquiryMail({
    onSuccess: () => toast.success(t.sendAgainDone),
    // The server's message when it gave one, never a raw error body.
    onError: (e) =>
      toast.error(t.sendAgainFailed, { description: errorMessage(e, t.sendAgainFailed) }),
  });
  let icon = <Mail className="size-3.5" aria-hidden="true" />;
  let text = t.notSent;
  let tone = "text-muted-foreground";
  switch (delivery?.state) {
    case "sent":
      icon = <CheckCircle2 className="size-3.5" aria-hidden="true" />;
      text = t.sent;
      tone = "text-emerald-700";
      break;
    case "sending":
      icon = <Clock className="size-3.5" aria-hidden="true" />;
      text = t.sending;
      break;
    case "waiting":
      icon = <Clock className="size-3.5" aria-hidden="true" />;
      text = format(t.waiting, { time: delivery.nextTryAt ? time(delivery.nextTryAt) : "" });
      tone = "text-amber-700";
      break;
    case "failed":
      icon = <XCircle className="size-3.5" aria-hidden="true" />;
      text = t.failed;
      tone = "text-destructive";
      break;
  }
  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs" data-testid="delivery">
      <span
        className={cn("inline-flex items-center gap-1 font-medium", tone)}
        data-state={delivery?.state ?? "none"}
      >
        {icon}
        {text}
      </span>
      {delivery?.error && delivery.state !== "sent" ? (
        <span className="min-w-0 break-words text-muted-foreground">
          {format(t.reason, { reason: delivery.error })}
        </span>
      ) : null}
      {delivery?.state !== "sending" ? (
        <Button
          variant="ghost"
          size="sm"
          className="h-7 px-2 text-xs"
          aria-label={format(t.sendAgainLabel, { name: inquiry.name })}
          disabled={resend.isPending}
          onClick={() => resend.mutate(inquiry.id)}
        >
          <RotateCw className="size-3.5" aria-hidden="true" />
          {t.sendAgain}
        </Button>
      ) : null}
    </div>
  );
}
