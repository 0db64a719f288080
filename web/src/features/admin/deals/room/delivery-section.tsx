import type { Deal } from "@/api/deals.admin";
import { DraftsPanel } from "./drafts-panel";
import { LicencesPanel } from "./licences-panel";
import { RoomLink } from "./room-link";

/**
 * The delivery side of a deal's page: the brand's room link, the drafts and their
 * answers, and the usage rights of each video.
 */
export function DeliverySection({ deal }: { deal: Deal }) {
  return (
    <section
      aria-label="Delivery"
      className="mt-6 grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]"
    >
      {/* The link first on a phone; the drafts in the wide column on a wide screen. */}
      <div className="flex min-w-0 flex-col gap-6 lg:order-2">
        <RoomLink dealId={deal.id} contactEmail={deal.contactEmail} />
        <LicencesPanel dealId={deal.id} videos={deal.deliverableCount} />
      </div>
      <div className="flex min-w-0 flex-col gap-6 lg:order-1">
        <DraftsPanel dealId={deal.id} videos={deal.deliverableCount} />
      </div>
    </section>
  );
}
