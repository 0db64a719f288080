import { ArrowLeft, Download } from "lucide-react";
import { Link, useParams } from "wouter";
import {
  type Invoice,
  invoiceEhfUrl,
  invoiceKindLabel,
  invoiceNumber,
  invoicePdfUrl,
  useInvoice,
} from "@/api/billing.admin";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Spinner } from "@/components/ui/spinner";
import { adminPaths } from "@/lib/admin-paths";
import { errorStatus } from "@/lib/api";
import { dealPath } from "@/lib/paths";
import { AdminLayout } from "../layout/admin-layout";
import { DraftEditor } from "./draft-editor";
import { FikenInvoice } from "./fiken-invoice";
import { InvoiceView } from "./invoice-view";
import { StateBadge } from "./state-badge";

function InvoiceScreen({ invoice }: { invoice: Invoice }) {
  const draft = invoice.state === "draft";
  const title = draft
    ? `${invoiceKindLabel(invoice.kind)} (draft)`
    : `${invoiceKindLabel(invoice.kind)} ${invoiceNumber(invoice)}`;
  return (
    <AdminLayout
      title={title}
      description={invoice.buyer?.name || undefined}
      actions={
        <>
          <Button variant="outline" asChild>
            <Link href={dealPath(invoice.dealId)}>
              <ArrowLeft className="size-4" aria-hidden="true" />
              The deal
            </Link>
          </Button>
          {draft ? null : (
            <>
              <Button variant="outline" asChild>
                <a href={invoicePdfUrl(invoice.id)} download>
                  <Download className="size-4" aria-hidden="true" />
                  PDF
                </a>
              </Button>
              {/* A buyer without a Peppol address (a Norwegian org.nr or a European VAT id)
                  gets the PDF only: the server made no EHF. */}
              {invoice.ehfSha256 ? (
                <Button variant="outline" asChild>
                  <a href={invoiceEhfUrl(invoice.id)} download>
                    <Download className="size-4" aria-hidden="true" />
                    EHF (XML)
                  </a>
                </Button>
              ) : (
                <span className="self-center text-sm text-muted-foreground">
                  No EHF: the buyer has no Peppol address
                </span>
              )}
            </>
          )}
        </>
      }
    >
      <div className="mb-4">
        <StateBadge state={invoice.state} />
      </div>
      <FikenInvoice invoice={invoice} />
      {/* A new editor for each stored version, so its values start from what was saved. */}
      {draft ? (
        <Card className="p-5">
          <DraftEditor key={invoice.id} invoice={invoice} />
        </Card>
      ) : (
        <InvoiceView invoice={invoice} />
      )}
    </AdminLayout>
  );
}

/** "/admin/invoices/:id": a draft to edit and issue, or an issued document to be paid or credited. */
export function InvoicePage() {
  const params = useParams<{ id: string }>();
  const id = Number(params.id);
  const invoice = useInvoice(Number.isInteger(id) && id > 0 ? id : 0);
  if (invoice.isPending) {
    return (
      <AdminLayout title="Invoice">
        <Spinner label="Loading the invoice" />
      </AdminLayout>
    );
  }
  if (invoice.isError) {
    const missing = errorStatus(invoice.error) === 404;
    return (
      <AdminLayout title="Invoice">
        <Card className="flex flex-col items-center gap-3 p-10 text-center">
          <p className={missing ? undefined : "text-destructive"}>
            {missing ? "This invoice does not exist (any more)." : "Failed to load the invoice."}
          </p>
          <Button variant="outline" asChild>
            <Link href={adminPaths.invoices}>All invoices</Link>
          </Button>
        </Card>
      </AdminLayout>
    );
  }
  return <InvoiceScreen invoice={invoice.data} />;
}
