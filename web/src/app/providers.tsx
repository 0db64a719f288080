import { type QueryClient, QueryClientProvider } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { Toaster } from "@/components/ui/toaster";
import { type Language, LanguageProvider } from "@/lib/i18n";
import { queryClient } from "@/lib/query-client";

/**
 * Everything every screen relies on: the data cache, the language, and the toast outlet. The
 * server render passes its own cache (one per render) and the page's language.
 */
export function AppProviders({
  children,
  client = queryClient,
  language,
}: {
  children: ReactNode;
  client?: QueryClient;
  language?: Language;
}) {
  return (
    <QueryClientProvider client={client}>
      <LanguageProvider language={language}>
        {children}
        <Toaster />
      </LanguageProvider>
    </QueryClientProvider>
  );
}
