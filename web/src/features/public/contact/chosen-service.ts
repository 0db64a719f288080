/**
 * The contact form's service options: the stored values (SPEC.md section 3), in the order of the
 * pricing cards, the custom offer last (testdata/rules.json "contactServices" and "sitePackages").
 * Here, not with the form's rules: the pricing cards (first load) name them too.
 */
export const serviceOptions = [
  "Enkeltvideo",
  "Pakketilbud 1",
  "Pakketilbud 2",
  "Skreddersydd",
] as const;

let chosen = "";
let select: ((service: string) => void) | undefined;

/**
 * A pricing card's "Choose package": the contact form selects that service, at once when it is
 * there, else as it loads (it loads lazily, often after the click that scrolls to it).
 */
export function chooseService(service: string): void {
  chosen = service;
  select?.(service);
}

/** The form's side: hears the choice made before it loaded, then each one after. Answers the unsubscribe. */
export function onServiceChosen(selectService: (service: string) => void): () => void {
  select = selectService;
  if (chosen) selectService(chosen);
  return () => {
    select = undefined;
  };
}
