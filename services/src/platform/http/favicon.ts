import { readFile, stat } from 'node:fs/promises';

const SIZES = [16, 32, 48];

/** An ICO file of PNG images (the format browsers and crawlers have read since Windows Vista). */
export function icoOf(pngs: { size: number; data: Buffer }[]): Buffer {
  const header = Buffer.alloc(6 + 16 * pngs.length);
  header.writeUInt16LE(0, 0);
  header.writeUInt16LE(1, 2);
  header.writeUInt16LE(pngs.length, 4);
  let offset = header.length;
  pngs.forEach(({ size, data }, i) => {
    const entry = 6 + 16 * i;
    header.writeUInt8(size >= 256 ? 0 : size, entry);
    header.writeUInt8(size >= 256 ? 0 : size, entry + 1);
    header.writeUInt16LE(1, entry + 4);
    header.writeUInt16LE(32, entry + 6);
    header.writeUInt32LE(data.length, entry + 8);
    header.writeUInt32LE(offset, entry + 12);
    offset += data.length;
  });
  return Buffer.concat([header, ...pngs.map((p) => p.data)]);
}

/**
 * /favicon.ico, rendered from the build's favicon.svg (web/public/favicon.svg) at 16, 32 and 48 px, so
 * the two never drift apart; rendered once per change of the SVG.
 */
export function faviconIco(svgPath: string): () => Promise<Buffer | null> {
  let cached: { mtimeMs: number; ico: Buffer } | null = null;
  return async () => {
    const info = await stat(svgPath).catch(() => null);
    if (!info) return null;
    if (cached?.mtimeMs === info.mtimeMs) return cached.ico;
    const svg = await readFile(svgPath);
    // Loaded on the first request for the icon, not while the gateway starts.
    const { default: sharp } = await import('sharp');
    const pngs = await Promise.all(
      SIZES.map(async (size) => ({
        size,
        data: await sharp(svg, { density: 72 * (size / 16) })
          .resize(size, size)
          .png()
          .toBuffer(),
      })),
    );
    cached = { mtimeMs: info.mtimeMs, ico: icoOf(pngs) };
    return cached.ico;
  };
}
