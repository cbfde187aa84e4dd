import type { GalleryImage, GalleryImageInput } from '@cafe/contracts';
import { ApiError, sendJson } from '../../../lib/api-client';
import { useContentMutation } from '../../../lib/use-content-mutation';
import { adminGalleryQueryOptions } from './get-admin-gallery';
import { galleryQueryOptions } from './get-gallery';

/** Both lists: the dashboard's and the landing page's, so the public gallery shows a change at once. */
const GALLERY_LISTS = [adminGalleryQueryOptions().queryKey, galleryQueryOptions().queryKey];
const path = (id: string) => `/api/admin/gallery/${encodeURIComponent(id)}`;

export const addGalleryImage = (input: GalleryImageInput) => sendJson<GalleryImage>('POST', '/api/admin/gallery', input);
export const updateGalleryImage = ({ id, input }: { id: string; input: GalleryImageInput }) =>
  sendJson<GalleryImage>('PUT', path(id), input);
export const setImageFeatured = ({ id, isFeatured }: { id: string; isFeatured: boolean }) =>
  sendJson<GalleryImage>('PUT', path(id), { isFeatured });
/** Moves a featured image to place `sortOrder`; the server renumbers the featured images 0..n-1. */
export const moveFeaturedImage = ({ id, sortOrder }: { id: string; sortOrder: number }) =>
  sendJson<GalleryImage>('PUT', path(id), { sortOrder });
export const deleteGalleryImage = (image: GalleryImage) => sendJson<{ id: string }>('DELETE', path(image.id));

export interface UploadInput {
  file: File;
  alt: string;
  onProgress: (fraction: number) => void;
}

/** multipart `image` + `alt_text`; XMLHttpRequest because fetch cannot report upload progress. */
export function uploadGalleryImage({ file, alt, onProgress }: UploadInput): Promise<GalleryImage> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', '/api/admin/gallery/upload');
    xhr.withCredentials = true;
    xhr.setRequestHeader('accept', 'application/json');
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(e.loaded / e.total);
    };
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) resolve(JSON.parse(xhr.responseText) as GalleryImage);
      else reject(new ApiError(xhr.status, xhr.responseText, xhr.statusText));
    };
    xhr.onerror = () => reject(new Error('The upload could not reach the server'));
    const body = new FormData();
    body.append('alt_text', alt);
    body.append('image', file);
    xhr.send(body);
  });
}

type Hooks<V> = { onSuccess?: () => void; onError?: (error: unknown, vars: V) => void };
const common = { invalidates: GALLERY_LISTS, failureFallback: 'An error occurred' };

export const useAddGalleryImage = (h: Hooks<GalleryImageInput> = {}) =>
  useContentMutation({ ...common, ...h, mutationFn: addGalleryImage, success: 'Image added successfully', failure: 'Failed to add image' });
export const useUpdateGalleryImage = (h: Hooks<{ id: string; input: GalleryImageInput }> = {}) =>
  useContentMutation({
    ...common,
    ...h,
    mutationFn: updateGalleryImage,
    success: 'Image updated successfully',
    failure: 'Failed to update image',
  });
export const useSetImageFeatured = () =>
  useContentMutation({
    ...common,
    mutationFn: setImageFeatured,
    success: 'Featured status updated successfully',
    failure: 'Failed to update featured status',
  });
export const useMoveFeaturedImage = () =>
  useContentMutation({
    ...common,
    mutationFn: moveFeaturedImage,
    success: 'Order updated successfully',
    failure: 'Failed to update order',
  });
export const useDeleteGalleryImage = (h: Hooks<GalleryImage> = {}) =>
  useContentMutation({
    ...common,
    ...h,
    mutationFn: deleteGalleryImage,
    success: 'Image deleted successfully',
    failure: 'Failed to delete image',
  });
export const useUploadGalleryImage = (h: Hooks<UploadInput> = {}) =>
  useContentMutation({ ...common, ...h, mutationFn: uploadGalleryImage, success: 'Image uploaded successfully', failure: 'Upload failed' });
