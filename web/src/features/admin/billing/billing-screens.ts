/**
 * The billing screens, one lazy module for the three routes. Three lazy modules made
 * the bundler split chunks the visitor's router names (the Invoices list alone reaches the admin
 * layout's icons without the dialogs' code they shared a chunk with), which grew the visitor's
 * entry script; one module reaches what the other admin screens reach, and the chunks stay as
 * they were.
 */
export { InvoicePage } from "./invoice-page";
export { InvoicesPage } from "./invoices-page";
export { SettingsPage } from "./settings-page";
