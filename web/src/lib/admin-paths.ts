/**
 * The routes of admin screens added since the visitor's JavaScript budget was fixed (billing
 * and after): lib/paths is in the visitor's entry script, so every route named there costs each
 * visitor bytes; these are imported only by admin code, which loads once /admin is opened. Link to
 * them as to `paths`, never to a string literal. The server answers these addresses with the app
 * (internal/webapp clientRoutes; its TestClientRoutesMatchTheApp reads this file and paths.ts).
 */
export const adminPaths = {
  /** Invoices, deposit requests and credit notes; one's own page is invoicePath(id). */
  invoices: "/admin/invoices",
  invoice: "/admin/invoices/:id",
  /** The settings; billing is their first tab. */
  settings: "/admin/settings",
} as const;

/** An invoice's page. */
export const invoicePath = (id: number) => `${adminPaths.invoices}/${id}`;
