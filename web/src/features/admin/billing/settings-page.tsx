import { useBillingProfile, useInvoices } from "@/api/billing.admin";
import { Card } from "@/components/ui/card";
import { Spinner } from "@/components/ui/spinner";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { AdminLayout } from "../layout/admin-layout";
import { BillingProfileForm } from "./billing-profile-form";
import { FikenSettings } from "./fiken-settings";

/** The billing tab: the profile form once the profile and whether invoices exist are known. */
function BillingTab() {
  const profile = useBillingProfile();
  // An invoice with a number means the series has started: its first number is fixed.
  const invoices = useInvoices();
  if (profile.isPending || invoices.isPending)
    return <Spinner label="Loading the billing profile" />;
  if (profile.isError) {
    return <p className="text-destructive">Failed to load the billing profile.</p>;
  }
  const issued = (invoices.data ?? []).some((i) => i.number !== null && i.number !== "");
  return <BillingProfileForm profile={profile.data} numberLocked={issued} />;
}

/** "/admin/settings": the site's settings; Billing is its first tab. */
export function SettingsPage() {
  return (
    <AdminLayout title="Settings" description="How you invoice and get paid.">
      <Tabs defaultValue="billing">
        <TabsList>
          <TabsTrigger value="billing">Billing</TabsTrigger>
        </TabsList>
        <TabsContent value="billing">
          <Card className="p-5">
            <BillingTab />
          </Card>
          <Card className="mt-4 p-5">
            <FikenSettings />
          </Card>
        </TabsContent>
      </Tabs>
    </AdminLayout>
  );
}
