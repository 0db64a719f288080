import { AlertCircle } from "lucide-react";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { useLanguage } from "@/lib/i18n";

/** Any path the router does not know (SPEC.md section 2). The server answers index.html for it. */
export function NotFoundPage() {
  const { t } = useLanguage();
  return (
    <main className="flex min-h-dvh items-center justify-center bg-muted px-4">
      <Card className="w-full max-w-md">
        <CardHeader className="flex-row items-center gap-2">
          <AlertCircle aria-hidden="true" className="size-8 shrink-0 text-destructive" />
          <CardTitle>{t.notFound.title}</CardTitle>
        </CardHeader>
        <CardContent>
          <p className="text-sm text-muted-foreground">{t.notFound.hint}</p>
        </CardContent>
      </Card>
    </main>
  );
}
