import { AdminScreen } from "../admin-screen";

/** "/admin/testimonials" — the testimonials manager. */
export function TestimonialsPage() {
  return <AdminScreen title="Testimonials" />;
}
