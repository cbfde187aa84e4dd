import { queryOptions, useQuery } from '@tanstack/react-query';
import { getJson } from '../../../lib/api-client';

/** SPEC.md §7: GET /api/gallery answers {id, url, alt} (visible images, in display order). */
export interface GalleryImage {
  id: string;
  url: string;
  alt: string;
  /** A small version for grids (uploads); otherwise the url itself. */
  thumbnailUrl?: string;
  width?: number | null;
  height?: number | null;
  isFeatured?: boolean;
  sortOrder?: number;
}

export const getGallery = () => getJson<GalleryImage[]>('/api/gallery');

export const galleryQueryOptions = () => queryOptions({ queryKey: ['/api/gallery'], queryFn: getGallery });

export const useGallery = () => useQuery(galleryQueryOptions());
