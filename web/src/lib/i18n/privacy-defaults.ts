import type { PrivacyContent } from "../content";
import type { Language } from "./language";

/**
 * The privacy page's built-in text per language (issue 25), shown while the admin has saved none
 * (DESIGN.md section 4, "Defaults"). Apart from the catalogues: the home page's script never
 * carries it, only the privacy page's and the content editor's. "## " starts a heading; "{email}"
 * becomes the contact e-mail of the content. What it states is what the server does
 * (ANALYTICS-CONTRACT.md, backend change 2).
 */
export const privacyDefaults: Record<Language, PrivacyContent> = {
  no: {
    body: "## Hva som samles inn\nNår du besøker siden, teller jeg besøket uten informasjonskapsler (cookies) og uten å lagre noe i nettleseren din. Jeg registrerer hvilken side du ser, språket, hvilken side som lenket hit (bare nettstedets navn), kampanjemerker i lenken, skjermstørrelse (mobil, nettbrett eller PC), tidssonen din (som gir landet), nettleser og enhetstype, hvilke deler av siden du når, hvilke videoer du spiller av og hvor langt, hvilke knapper du trykker på, og hvor lenge siden er synlig. Verken IP-adressen din eller nettleserens identifikasjon lagres: en besøkende kjennes bare igjen i ett døgn, gjennom en kode laget av adressen og nettleseren sammen med et tilfeldig tall som slettes etter ett døgn.\n\n## Hvorfor\nFor å se hvilket innhold som interesserer merkevarer, og for å forbedre siden. Grunnlaget er min berettigede interesse i å vite hvordan siden brukes. Tallene deles ikke med noen og brukes ikke til reklame. Ingen tredjepart får data: alt ligger på denne serveren.\n\n## Hvor lenge\nEnkelthendelser slettes etter 30 dager; daglige og timevise summer uten personopplysninger beholdes. Besøk gjennom en personlig lenke (se under) slettes etter 12 måneder. Henvendelser fra kontaktskjemaet (navn, e-post, bedrift og melding) beholdes til jeg sletter dem.\n\n## Personlige lenker\nNoen bedrifter får en egen lenke fra meg. Besøk gjennom en slik lenke knyttes til bedriften den ble laget for, slik at jeg ser om den er åpnet, og lagres i 12 måneder.\n\n## Samtykke og ditt valg\nSlik telling uten informasjonskapsler regnes av mange som tillatt uten samtykke, men noen tilsynsmyndigheter tolker reglene strengere. Slår du på Global Privacy Control i nettleseren, telles ikke besøket ditt.\n\n## Kontakt\nSpørsmål, innsyn eller sletting: skriv til {email}.",
  },
  en: {
    body: "## What is collected\nWhen you visit this site, I count the visit without cookies and without storing anything in your browser. I record the page you view, its language, the site that linked here (its name only), campaign tags in the link, your screen size (phone, tablet or desktop), your time zone (which gives the country), your browser and device type, how far down the page you get, which videos you play and how far, which buttons you press, and how long the page is visible. Neither your IP address nor your browser's identification string is stored: a visitor is recognised for one day only, by a code made from the address and the browser together with a random number that is deleted after a day.\n\n## Why\nTo see which content interests brands, and to improve the site. The legal basis is my legitimate interest in knowing how the site is used. The figures are not shared with anyone and never used for advertising. No third party receives any data: everything stays on this server.\n\n## How long\nSingle events are deleted after 30 days; daily and hourly totals without personal data are kept. Visits through a personal link (see below) are deleted after 12 months. Inquiries from the contact form (name, e-mail, company and message) are kept until I delete them.\n\n## Personal links\nSome companies receive a link of their own from me. Visits through such a link are tied to the company it was made for, so that I can see whether it was opened, and are kept for 12 months.\n\n## Consent and your choice\nCounting without cookies like this is widely considered to need no consent, but some data protection authorities read the rules more strictly. If you turn on Global Privacy Control in your browser, your visit is not counted.\n\n## Contact\nQuestions, access or deletion: write to {email}.",
  },
};

/**
 * The privacy page's description for search engines and link previews; the server puts it in the
 * page it renders (src/ssr/page-head.ts). Beside the built-in text for the same reason.
 */
export const privacyDescriptions: Record<Language, string> = {
  no: "Hva nettstedet samler inn når du besøker det eller sender en henvendelse, hvorfor, hvor lenge det lagres, og hvem du kan kontakte.",
  en: "What this site collects when you visit it or send an inquiry, why, how long it is kept, and whom to contact.",
};
