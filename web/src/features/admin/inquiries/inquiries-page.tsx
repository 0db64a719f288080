import { AdminScreen } from "../admin-screen";

/** "/admin/inquiries" — the contact inquiries list. */
export function InquiriesPage() {
  return <AdminScreen title="Inquiries" />;
}
