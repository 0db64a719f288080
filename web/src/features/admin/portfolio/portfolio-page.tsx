import { AdminScreen } from "../admin-screen";

/** "/admin/portfolio" — the portfolio form and list (titled Portefølje in the spec). */
export function PortfolioPage() {
  return <AdminScreen title="Portefølje" />;
}
