/**
 * A camera-size HEIC made as an iPhone held upright saves one: the pixels stored
 * sideways (landscape, as the sensor reads), an EXIF block with orientation 6 and a GPS position,
 * and the container's own rotation (an `irot` property, 90° clockwise) that viewers follow. The
 * JPEG is drawn by the browser's canvas, the EXIF written here, the HEIC encoded by libheif's
 * heif-enc (Debian's libheif-examples; `make test-e2e` installs it), which copies the EXIF, and
 * the irot added here, as heif-enc 1.15 has no option for it.
 */
import { execFile } from "node:child_process";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import type { Page } from "@playwright/test";

const run = promisify(execFile);

/** The latitude 59° as the GPS block stores it (a RATIONAL, little-endian): must never be served. */
export const gpsRational = Buffer.from([59, 0, 0, 0, 1, 0, 0, 0]);

/** The quadrants of the stored picture, top-left, top-right, bottom-left, bottom-right. */
const stored = ["#d22828", "#28b43c", "#283cd2", "#dcc828"]; // red, green, blue, yellow

/**
 * The colours at the middle of each quarter of the photo turned upright (90° clockwise): the
 * stored left column, red over blue, becomes the top row, blue then red.
 */
export const uprightQuadrants = ["blue", "red", "yellow", "green"];

/** Draws the stored 4032×3024 picture, with photo-like detail, as a JPEG. */
async function drawJPEG(page: Page): Promise<Buffer> {
  const base64 = await page.evaluate(async (colours) => {
    const canvas = document.createElement("canvas");
    canvas.width = 4032;
    canvas.height = 3024;
    const ctx = canvas.getContext("2d") as CanvasRenderingContext2D;
    colours.forEach((c, i) => {
      ctx.fillStyle = c;
      ctx.fillRect((i % 2) * 2016, Math.floor(i / 2) * 1512, 2016, 1512);
    });
    for (let i = 0; i < 3000; i++) {
      ctx.fillStyle = `rgb(${(i * 37) % 256} ${(i * 91) % 256} ${(i * 53) % 256} / 0.08)`;
      ctx.fillRect((i * 397) % 4032, (i * 211) % 3024, 24, 24);
    }
    const blob = await new Promise<Blob>((resolve) =>
      canvas.toBlob((b) => resolve(b as Blob), "image/jpeg", 0.9),
    );
    const bytes = new Uint8Array(await blob.arrayBuffer());
    let s = "";
    for (const b of bytes) s += String.fromCharCode(b);
    return btoa(s);
  }, stored);
  return Buffer.from(base64, "base64");
}

/** An EXIF TIFF block (little-endian): orientation 6 and a GPS IFD with latitude 59° 54' 50.04" N. */
function exif(): Buffer {
  const b = Buffer.alloc(92);
  b.write("II*\0", 0, "latin1");
  b.writeUInt32LE(8, 4);
  b.writeUInt16LE(2, 8); // IFD0: two entries
  b.writeUInt16LE(0x0112, 10); // Orientation, SHORT, 1: 6
  b.writeUInt16LE(3, 12);
  b.writeUInt32LE(1, 14);
  b.writeUInt16LE(6, 18);
  b.writeUInt16LE(0x8825, 22); // GPS IFD pointer, LONG, 1: 38
  b.writeUInt16LE(4, 24);
  b.writeUInt32LE(1, 26);
  b.writeUInt32LE(38, 30);
  b.writeUInt32LE(0, 34);
  b.writeUInt16LE(2, 38); // GPS IFD: two entries
  b.writeUInt16LE(1, 40); // GPSLatitudeRef, ASCII, 2: "N"
  b.writeUInt16LE(2, 42);
  b.writeUInt32LE(2, 44);
  b.write("N", 48, "latin1");
  b.writeUInt16LE(2, 52); // GPSLatitude, RATIONAL, 3, at 68
  b.writeUInt16LE(5, 54);
  b.writeUInt32LE(3, 56);
  b.writeUInt32LE(68, 60);
  b.writeUInt32LE(0, 64);
  gpsRational.copy(b, 68);
  Buffer.from([54, 0, 0, 0, 1, 0, 0, 0, 0x8c, 0x13, 0, 0, 100, 0, 0, 0]).copy(b, 76);
  return b;
}

/** Puts an APP1 "Exif" segment right after the JPEG's start marker, as a camera does. */
function withExif(jpeg: Buffer): Buffer {
  const body = Buffer.concat([Buffer.from("Exif\0\0", "latin1"), exif()]);
  const head = Buffer.from([0xff, 0xe1, 0, 0]);
  head.writeUInt16BE(body.length + 2, 2);
  return Buffer.concat([jpeg.subarray(0, 2), head, body, jpeg.subarray(2)]);
}

type Box = { type: string; body: Buffer };

function boxes(b: Buffer): Box[] {
  const out: Box[] = [];
  for (let i = 0; i + 8 <= b.length; ) {
    const size = b.readUInt32BE(i);
    if (size < 8 || i + size > b.length)
      throw new Error("withIrot: a box heif-enc would not write");
    out.push({ type: b.toString("latin1", i + 4, i + 8), body: b.subarray(i + 8, i + size) });
    i += size;
  }
  return out;
}

function box(type: string, body: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(8 + body.length, 0);
  head.write(type, 4, "latin1");
  return Buffer.concat([head, body]);
}

/**
 * Adds an irot property (quarter turns anticlockwise) to the primary image of a heif-enc file:
 * appended to ipco, associated in ipma, and every iloc offset moved by the bytes the meta box
 * grew (the image data follows it). Handles the layout heif-enc 1.15 writes: iloc version 0 with
 * 4-byte offsets and base offsets, ipma version 0 with one-byte indexes.
 */
function withIrot(heic: Buffer, quarters: number): Buffer {
  return Buffer.concat(
    boxes(heic).map(({ type, body }) => {
      if (type !== "meta") return box(type, body);
      const children = boxes(body.subarray(4));
      const primary = children.find((c) => c.type === "pitm")?.body.readUInt16BE(4);
      const rebuilt = children.map((c) => {
        if (c.type !== "iprp") return c;
        const props = boxes(c.body);
        const ipco = props.find((p) => p.type === "ipco") as Box;
        const index = boxes(ipco.body).length + 1;
        const iprp = props.map((p) => {
          if (p.type === "ipco")
            return box("ipco", Buffer.concat([p.body, box("irot", Buffer.from([quarters]))]));
          if (p.type !== "ipma") return box(p.type, p.body);
          const parts = [p.body.subarray(0, 8)];
          let r = p.body.subarray(8);
          for (let n = p.body.readUInt32BE(4); n > 0; n--) {
            const id = r.readUInt16BE(0);
            const count = r[2] as number;
            const assoc = [...r.subarray(3, 3 + count)];
            if (id === primary) assoc.push(0x80 | index); // essential, as a transformation is
            parts.push(Buffer.from([id >> 8, id & 255, assoc.length, ...assoc]));
            r = r.subarray(3 + count);
          }
          return box("ipma", Buffer.concat(parts));
        });
        return { type: "iprp", body: Buffer.concat(iprp) };
      });
      const grown =
        rebuilt.reduce((n, c) => n + c.body.length, 0) -
        children.reduce((n, c) => n + c.body.length, 0);
      const meta = rebuilt.map((c) =>
        c.type === "iloc" ? box("iloc", shiftIloc(c.body, grown)) : box(c.type, c.body),
      );
      return box("meta", Buffer.concat([body.subarray(0, 4), ...meta]));
    }),
  );
}

function shiftIloc(iloc: Buffer, delta: number): Buffer {
  const out = Buffer.from(iloc);
  const [offSize, lenSize, baseSize] = [
    (out[4] as number) >> 4,
    (out[4] as number) & 15,
    (out[5] as number) >> 4,
  ];
  if (out[0] !== 0 || offSize !== 4 || baseSize !== 4)
    throw new Error("withIrot: an iloc heif-enc would not write");
  let i = 8;
  for (let items = out.readUInt16BE(6); items > 0; items--) {
    i += 4; // item id, data reference index
    out.writeUInt32BE(out.readUInt32BE(i) + delta, i); // base offset
    i += 4;
    const extents = out.readUInt16BE(i);
    i += 2 + extents * (offSize + lenSize);
  }
  return out;
}

/** The phone's HEIC, made once per test file run. */
let made: Promise<Buffer> | undefined;

export function phoneHEIC(page: Page): Promise<Buffer> {
  made ??= (async () => {
    const dir = await mkdtemp(path.join(tmpdir(), "heic-"));
    try {
      const jpeg = path.join(dir, "camera.jpg");
      const heic = path.join(dir, "IMG_0001.HEIC");
      await writeFile(jpeg, withExif(await drawJPEG(page)));
      await run("heif-enc", ["-q", "60", "-p", "preset=ultrafast", "-o", heic, jpeg]);
      return withIrot(await readFile(heic), 3);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  })();
  return made;
}
