import { describe, expect, it } from "vitest";
import { imageTexts } from "./image-texts";

// On the English testimonials screen a photo's failure says why in English and names its
// format, as the server's Norwegian message does.
describe("the server's photo messages on an English screen", () => {
  const say = (text: string) => imageTexts.en.message(text, "fallback");
  it.each([
    [
      "HEIC-bildet er skadet eller ufullstendig og kan ikke leses.",
      "The HEIC image is damaged or incomplete and cannot be read.",
    ],
    [
      "DNG-, TIFF- og RAW-filer (som Apple ProRAW) tas ikke imot. Last opp bildet som JPEG, PNG, WebP eller HEIC.",
      "DNG, TIFF and RAW files (such as Apple ProRAW) are not taken. Upload the image as JPEG, PNG, WebP or HEIC.",
    ],
    [
      "GIF-filer tas ikke imot. Last opp bildet som JPEG, PNG, WebP eller HEIC.",
      "GIF files are not taken. Upload the image as JPEG, PNG, WebP or HEIC.",
    ],
    [
      "Bildet trenger 373 MB minne for å leses (grensen er 200 MB): lagre det med 8 bit per farge, eller med færre piksler.",
      "The image needs 373 MB of memory to read (the limit is 200 MB): save it with 8 bits per colour, or with fewer pixels.",
    ],
    ["Bildet er for stort: grensen er 25 MB.", "The image is too large: the limit is 25 MB."],
    ["Something unknown", "fallback"],
  ])("%s", (norwegian, english) => {
    expect(say(norwegian)).toBe(english);
  });
  it("leaves the Norwegian screen's messages as the server wrote them", () => {
    expect(imageTexts.no.message("GIF-filer tas ikke imot.", "x")).toBe("GIF-filer tas ikke imot.");
  });
});
