import { AdminScreen } from "../admin-screen";

/** "/admin/content" — the per-language section text editor. */
export function ContentPage() {
  return <AdminScreen title="Content" />;
}
