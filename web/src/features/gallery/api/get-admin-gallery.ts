import { queryOptions, useQuery } from '@tanstack/react-query';
import type { GalleryImage } from '@cafe/contracts';
import { getJson } from '../../../lib/api-client';

/** GET /api/admin/gallery: every image (hidden ones too), featured first in their order. */
export const getAdminGallery = () => getJson<GalleryImage[]>('/api/admin/gallery');

export const adminGalleryQueryOptions = () => queryOptions({ queryKey: ['/api/admin/gallery'], queryFn: getAdminGallery });

export const useAdminGallery = () => useQuery(adminGalleryQueryOptions());
