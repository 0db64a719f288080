import { SiteNav } from "@/components/site/site-nav";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { AlertCircle } from "@/components/ui/icons";
import { useLanguage } from "@/lib/i18n";

/**
 * Any path the router does not know (SPEC.md section 2), under the site's navigation, which away
 * from the home page offers "Back to Home". The server answers index.html for it, with status 404.
 */
export function NotFoundPage() {
  const { t } = useLanguage();
  return (
    <div className="flex min-h-dvh flex-col bg-muted">
      <SiteNav />
      <NotFoundCard title={t.notFound.title} hint={t.notFound.hint} />
    </div>
  );
}

function NotFoundCard({ title, hint }: { title: string; hint: string }) {
  return (
    <main id="main" className="flex flex-1 items-center justify-center px-4 py-16">
      <Card className="w-full max-w-md">
        <CardHeader className="flex-row items-center gap-2">
          <AlertCircle aria-hidden="true" className="size-8 shrink-0 text-destructive" />
          <CardTitle>{title}</CardTitle>
        </CardHeader>
        <CardContent>
          <p className="text-sm text-muted-foreground">{hint}</p>
        </CardContent>
      </Card>
    </main>
  );
}
