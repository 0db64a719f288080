import { msgImageTooLarge } from "@/lib/media";

/**
 * The texts of photo upload and processing on an admin screen, in that screen's language (issue
 * 22: one language per screen): the portfolio manager is Norwegian, the testimonials manager
 * English. The server words its photo messages in Norwegian (internal/images, the image job), so an
 * English screen shows them translated, or a sentence of its own for one it does not know.
 */
export interface ImageTexts {
  upload: string;
  uploading: (percent: number) => string;
  progress: string;
  fileInput: string;
  tooLarge: string;
  preview: string;
  processing: string;
  failed: string;
  noImage: string;
  uploadFailed: string;
  /**
   * A message from the server or the upload steps as this screen shows it; `otherwise` when the
   * screen has no words of its own for it.
   */
  message: (text: string, otherwise: string) => string;
}

/** The server's and the upload steps' Norwegian texts, in English. */
const english: Record<string, string> = {
  "Filen er ikke et bilde i et format vi støtter (JPEG, PNG, WebP eller HEIC).":
    "The file is not an image in a format we take (JPEG, PNG, WebP or HEIC).",
  "Bildet er for stort: grensen er 25 MB.": "The image is too large: the limit is 25 MB.",
  "Bildet har for mange piksler: grensen er 50 megapiksler.":
    "The image has too many pixels: the limit is 50 megapixels.",
  "Bildet er skadet eller ufullstendig og kan ikke leses.":
    "The image is damaged or incomplete and cannot be read.",
  "Bildet kunne ikke behandles. Prøv igjen, eller last opp bildet på nytt.":
    "The image could not be processed. Try again, or upload the image again.",
  "Originalbildet finnes ikke lenger.": "The original image no longer exists.",
  "Kunne ikke initialisere opplastning": "Could not start the upload.",
  "Kunne ikke ferdigstille opplastningen": "Could not finish the upload.",
};

/** The server's messages that carry a value (a format, a size), put into English. */
const englishPatterns: [RegExp, (...parts: string[]) => string][] = [
  [/^Feil ved opplasting av chunk \d+$/, () => "The upload failed while sending the file."],
  [
    /^(JPEG|PNG|WebP|HEIC)-bildet er skadet eller ufullstendig og kan ikke leses\.$/,
    (format) => `The ${format} image is damaged or incomplete and cannot be read.`,
  ],
  [
    /^(.+) tas ikke imot\. Last opp bildet som JPEG, PNG, WebP eller HEIC\.$/,
    (formats) =>
      `${formats.replace("DNG-, TIFF- og RAW-filer (som", "DNG, TIFF and RAW files (such as").replace(/-filer/g, " files")} are not taken. Upload the image as JPEG, PNG, WebP or HEIC.`,
  ],
  [
    /^Bildet trenger (\d+) MB minne for å leses \(grensen er (\d+) MB\): .*$/,
    (need, limit) =>
      `The image needs ${need} MB of memory to read (the limit is ${limit} MB): save it with 8 bits per colour, or with fewer pixels.`,
  ],
];

function englishPattern(text: string): string | undefined {
  for (const [pattern, say] of englishPatterns) {
    const match = pattern.exec(text);
    if (match) return say(...match.slice(1));
  }
  return undefined;
}

export const imageTexts: Record<"no" | "en", ImageTexts> = {
  no: {
    upload: "Last opp bilde",
    uploading: (percent) => `Laster opp... ${percent}%`,
    progress: "Opplasting av bilde",
    fileInput: "Bildefil",
    tooLarge: msgImageTooLarge, // the server's words (rules.json)
    preview: "Forhåndsvisning",
    processing: "Behandler bildet…",
    failed: "Bildet kunne ikke behandles.",
    noImage: "Ingen bilde",
    uploadFailed: "Kunne ikke laste opp bildet.",
    message: (text, otherwise) => text.trim() || otherwise,
  },
  en: {
    upload: "Upload image",
    uploading: (percent) => `Uploading... ${percent}%`,
    progress: "Image upload",
    fileInput: "Image file",
    tooLarge: "The image is too large: the limit is 25 MB.",
    preview: "Preview",
    processing: "Processing the image…",
    failed: "The image could not be processed.",
    noImage: "No image",
    uploadFailed: "Could not upload the image.",
    message: (text, otherwise) => english[text.trim()] ?? englishPattern(text.trim()) ?? otherwise,
  },
};
