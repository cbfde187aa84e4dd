import { z } from 'zod';
import { requiredText } from './fields.js';
import { URL_MESSAGE, flagField, isWebUrl, sortOrderField } from './content-fields.js';
import { TEXT_LIMITS, tooLongMessage } from './limits.js';

/** Gallery images. */
export const ALT_REQUIRED = 'Alt text is required';
export const IMAGE_FILE_REQUIRED = 'Please select an image file';
export const IMAGE_TYPE_MESSAGE = 'Only image files (JPEG, PNG, WebP, GIF, AVIF or TIFF) can be uploaded';
export const imageTooLargeMessage = (maxBytes: number) => `The image is too large: the limit is ${formatBytes(maxBytes)}`;

const url = z
  .string({ error: URL_MESSAGE })
  .trim()
  .min(1, { error: URL_MESSAGE })
  .max(TEXT_LIMITS.url, { error: URL_MESSAGE })
  .refine(isWebUrl, { error: URL_MESSAGE });
const alt = requiredText(ALT_REQUIRED).pipe(
  z.string().max(TEXT_LIMITS.altText, { error: tooLongMessage('Alt text', TEXT_LIMITS.altText) }),
);

export const galleryImageSchema = z.object({ url, alt });
export type GalleryImageInput = z.output<typeof galleryImageSchema>;

/**
 * PUT /api/admin/gallery/{id}: {url, alt}, or {isFeatured}, or {sortOrder} (or isVisible).
 * sortOrder on a featured image moves it to that place among the featured images, which are then
 * numbered 0..n-1 again.
 */
export const galleryImageUpdateSchema = z
  .object({
    url: url.optional(),
    alt: alt.optional(),
    isFeatured: flagField('Featured').optional(),
    isVisible: flagField('Visible').optional(),
    sortOrder: sortOrderField.optional(),
  })
  .refine((v) => Object.values(v).some((x) => x !== undefined), {
    error: 'Send url and alt, isFeatured, isVisible or sortOrder',
  });
export type GalleryImageChanges = z.output<typeof galleryImageUpdateSchema>;

/** The upload form's text part (the file itself is checked by the server from its bytes). */
export const galleryUploadSchema = z.object({ alt_text: alt });

export const galleryImageOut = z.object({
  id: z.string(),
  url: z.string(),
  alt: z.string(),
  /** A small version for grids (uploads only; otherwise the url itself). */
  thumbnailUrl: z.string(),
  isVisible: z.boolean(),
  isFeatured: z.boolean(),
  sortOrder: z.number(),
  width: z.number().nullable(),
  height: z.number().nullable(),
  createdAt: z.string(),
});
export type GalleryImage = z.output<typeof galleryImageOut>;

/** Where broken images fall back to. */
export const PLACEHOLDER_IMAGE_URL = '/api/images/placeholder.svg';

function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MB`;
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${bytes} bytes`;
}

export const GALLERY_IMAGE_NOT_FOUND = 'Image not found';

export interface GalleryImageData {
  url: string;
  alt: string;
  /** The small version of an upload; null for an image added by URL (the url serves both). */
  thumbnailUrl: string | null;
  width: number | null;
  height: number | null;
  source: 'url' | 'upload';
  isVisible: boolean;
  /** Order among the non-featured images; featured ones take theirs from the featured order. */
  sortOrder: number;
}

export type GalleryImageEvent =
  | { type: 'GalleryImageAdded'; data: GalleryImageData & { imageId: string } }
  | { type: 'GalleryImageUpdated'; data: Partial<Pick<GalleryImageData, 'url' | 'alt' | 'isVisible' | 'sortOrder'>> & { imageId: string } }
  | { type: 'GalleryImageRemoved'; data: { imageId: string } };

export type GalleryFeaturedEvent =
  | { type: 'GalleryImageFeaturedChanged'; data: { imageId: string; isFeatured: boolean; featuredOrder: string[] } }
  | { type: 'GalleryImageReordered'; data: { imageId: string; featuredOrder: string[] } };
