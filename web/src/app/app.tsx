import { SiteGate } from "@/features/gate/site-gate";
import { AppProviders } from "./providers";
import { AppRouter } from "./router";

export function App() {
  return (
    <AppProviders>
      <SiteGate>
        <AppRouter />
      </SiteGate>
    </AppProviders>
  );
}
