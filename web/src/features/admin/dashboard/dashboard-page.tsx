import { AdminScreen } from "../admin-screen";

/** "/admin" — stat cards and the overview, analytics and updates tabs. */
export function DashboardPage() {
  return <AdminScreen title="Dashboard" />;
}
