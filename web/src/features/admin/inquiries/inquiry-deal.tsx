import { Handshake, Loader2 } from "lucide-react";
import { Link } from "wouter";
import { stageLabel, useDealFromInquiry } from "@/api/deals.admin";
import type { Inquiry } from "@/api/inquiries.admin";
import { Button } from "@/components/ui/button";
import { toast } from "@/components/ui/toaster";
import { errorMessage } from "@/lib/api";
import { dealPath } from "@/lib/paths";

/**
 * An inquiry's deal: "Make a deal" makes it in one click, prefilled from the inquiry;
 * once made, the inquiry links its deal and its stage. A second click anywhere answers the same
 * deal (the server keeps one per inquiry).
 */
export function InquiryDeal({ inquiry }: { inquiry: Inquiry }) {
  const make = useDealFromInquiry({
    onSuccess: (deal) => toast.success("Deal made", { description: `${deal.brand}, on the board` }),
    onError: (e) =>
      toast.error("Error making the deal", {
        description: errorMessage(e, "There was an error making the deal. Please try again."),
      }),
  });
  if (inquiry.deal) {
    return (
      <Button variant="outline" size="sm" asChild>
        <Link href={dealPath(inquiry.deal.id)} data-testid="inquiry-deal">
          <Handshake className="size-4" aria-hidden="true" />
          Deal: {stageLabel(inquiry.deal.stage)}
        </Link>
      </Button>
    );
  }
  return (
    <Button
      variant="outline"
      size="sm"
      disabled={make.isPending}
      onClick={() => make.mutate(inquiry.id)}
      aria-label={`Make a deal from the inquiry of ${inquiry.name}`}
    >
      {make.isPending ? (
        <Loader2 className="size-4 animate-spin" aria-hidden="true" />
      ) : (
        <Handshake className="size-4" aria-hidden="true" />
      )}
      Make a deal
    </Button>
  );
}
