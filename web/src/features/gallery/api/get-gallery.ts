import { queryOptions, useQuery } from '@tanstack/react-query';
import type { GalleryImage } from '@cafe/contracts';
import { getJson } from '../../../lib/api-client';

/** GET /api/gallery: the visible images, in display order. */
export const getGallery = () => getJson<GalleryImage[]>('/api/gallery');

export const galleryQueryOptions = () => queryOptions({ queryKey: ['/api/gallery'], queryFn: getGallery });

export const useGallery = () => useQuery(galleryQueryOptions());
