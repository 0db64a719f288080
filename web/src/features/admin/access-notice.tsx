import { ShieldAlert } from "lucide-react";
import type { ReactNode } from "react";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";

/** A full-screen notice that the admin area is closed to the visitor, with a way onwards. */
export function AccessNotice({
  title,
  text,
  children,
}: {
  title: string;
  text: string;
  children: ReactNode;
}) {
  return (
    <main className="flex min-h-dvh items-center justify-center bg-muted px-4">
      <Card className="w-full max-w-md text-center">
        <CardHeader className="items-center">
          <span className="flex size-12 items-center justify-center rounded-full bg-red-50 ring-1 ring-red-100">
            <ShieldAlert aria-hidden="true" className="size-6 text-destructive" />
          </span>
          <CardTitle className="mt-3">{title}</CardTitle>
          <p className="text-muted-foreground">{text}</p>
        </CardHeader>
        <CardContent className="flex flex-col items-center gap-2 sm:flex-row sm:justify-center">
          {children}
        </CardContent>
      </Card>
    </main>
  );
}
