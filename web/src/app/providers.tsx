import { QueryClientProvider } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { Toaster } from "@/components/ui/toaster";
import { LanguageProvider } from "@/lib/i18n";
import { queryClient } from "@/lib/query-client";

/** Everything every screen relies on: the data cache, the language, and the toast outlet. */
export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <LanguageProvider>
        {children}
        <Toaster />
      </LanguageProvider>
    </QueryClientProvider>
  );
}
