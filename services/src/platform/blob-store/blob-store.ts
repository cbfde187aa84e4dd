/**
 * The BlobStore port: uploaded gallery images. Keys are content-addressed (a hash of the bytes plus an
 * extension), so a key always names the same bytes: put is idempotent and readers may cache forever.
 */
export interface StoredBlob {
  key: string;
  contentType: string;
  size: number;
  data: Buffer;
}

export interface BlobStore {
  readonly kind: string;
  put(key: string, data: Buffer, contentType: string): Promise<void>;
  get(key: string): Promise<StoredBlob | null>;
  has(key: string): Promise<boolean>;
  delete(key: string): Promise<void>;
  /** Every key held (operators and tests). */
  list(): Promise<string[]>;
  close(): Promise<void>;
}

/** Safe in a URL, a file name and a GridFS filename: no separators, no dot-dot. */
export const BLOB_KEY_PATTERN = /^[a-z0-9][a-z0-9_-]{7,127}\.(jpg|png|webp|gif|avif)$/;

export function isBlobKey(key: string): boolean {
  return BLOB_KEY_PATTERN.test(key);
}

export function assertBlobKey(key: string): void {
  if (!isBlobKey(key)) throw new Error(`Not a blob key: ${JSON.stringify(key)}`);
}

const TYPES: Record<string, string> = {
  jpg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  gif: 'image/gif',
  avif: 'image/avif',
};

export function contentTypeOfKey(key: string): string {
  return TYPES[key.slice(key.lastIndexOf('.') + 1)] ?? 'application/octet-stream';
}
