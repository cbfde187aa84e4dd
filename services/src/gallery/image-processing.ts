import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { fileTypeFromBuffer } from 'file-type';
import { IMAGE_TYPE_MESSAGE } from '@cafe/contracts';
import { UnsupportedMediaTypeError } from '../platform/errors.js';

/** What the gallery keeps of an upload: a web-sized version and a thumbnail, both without metadata. */
export const WEB_SIZE = 1600;
export const THUMB_SIZE = 480;
/** Decompression bombs: a small file can claim a huge canvas. 100 MP covers any phone photo. */
const MAX_PIXELS = 100_000_000;

/** Judged by the bytes (magic numbers), never by the name or the declared type. */
const ACCEPTED = new Set(['image/jpeg', 'image/png', 'image/webp', 'image/gif', 'image/avif', 'image/tiff']);

export interface Rendition {
  data: Buffer;
  /** Content-addressed: sha256 of the bytes plus the extension. */
  key: string;
  contentType: string;
  width: number;
  height: number;
}

export interface ProcessedImage {
  sourceType: string;
  web: Rendition;
  thumbnail: Rendition;
}

export async function processImage(input: Buffer): Promise<ProcessedImage> {
  const type = await fileTypeFromBuffer(input);
  if (!type || !ACCEPTED.has(type.mime)) throw new UnsupportedMediaTypeError(IMAGE_TYPE_MESSAGE);
  let hasAlpha = false;
  try {
    const meta = await sharp(input, { limitInputPixels: MAX_PIXELS }).metadata();
    if (!meta.width || !meta.height) throw new Error('no dimensions');
    hasAlpha = Boolean(meta.hasAlpha);
  } catch {
    throw new UnsupportedMediaTypeError('The file is not a readable image');
  }
  try {
    const [web, thumbnail] = await Promise.all([render(input, WEB_SIZE, hasAlpha), render(input, THUMB_SIZE, hasAlpha)]);
    return { sourceType: type.mime, web, thumbnail };
  } catch {
    throw new UnsupportedMediaTypeError('The file is not a readable image');
  }
}

/**
 * rotate() first applies the EXIF orientation to the pixels; the re-encode then writes no metadata at
 * all (no withMetadata/keepExif), so GPS, camera and orientation tags never leave the server.
 * Transparent images become WebP (keeps the alpha), everything else JPEG.
 */
async function render(input: Buffer, size: number, hasAlpha: boolean): Promise<Rendition> {
  const pipeline = sharp(input, { limitInputPixels: MAX_PIXELS })
    .rotate()
    .resize({ width: size, height: size, fit: 'inside', withoutEnlargement: true });
  const encoded = hasAlpha ? pipeline.webp({ quality: 82 }) : pipeline.jpeg({ quality: 82, mozjpeg: true });
  const { data, info } = await encoded.toBuffer({ resolveWithObject: true });
  const ext = hasAlpha ? 'webp' : 'jpg';
  return {
    data,
    key: `${createHash('sha256').update(data).digest('hex')}.${ext}`,
    contentType: hasAlpha ? 'image/webp' : 'image/jpeg',
    width: info.width,
    height: info.height,
  };
}
