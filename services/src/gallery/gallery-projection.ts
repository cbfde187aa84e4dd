import { type GalleryImageData, type GalleryImageEvent, type GalleryFeaturedEvent } from '@cafe/contracts';
import { defineProjection } from '../platform/projections/projection.js';
import type { RecordedEvent } from '../platform/event-store/event-store.js';

export interface GalleryImageDoc extends GalleryImageData {
  _id: string;
  [key: string]: unknown;
  id: string;
  isFeatured: boolean;
  createdAt: string;
  updatedAt: string;
  version: number;
}

type AnyGalleryEvent = GalleryImageEvent | GalleryFeaturedEvent;

const asEvent = (event: RecordedEvent) => ({ type: event.type, data: event.data }) as AnyGalleryEvent;

/**
 * gallery_images read model. A featured-order event touches every image in the order (and the one
 * that left it): each gets isFeatured and sortOrder = its index, so featured images are always 0..n-1.
 */
export const galleryProjection = defineProjection<GalleryImageDoc>({
  name: 'gallery_images',
  handles: ['GalleryImageAdded', 'GalleryImageUpdated', 'GalleryImageRemoved', 'GalleryImageFeaturedChanged', 'GalleryImageReordered'],
  documentIds: (event) => {
    const e = asEvent(event);
    switch (e.type) {
      case 'GalleryImageFeaturedChanged':
      case 'GalleryImageReordered':
        return [...new Set([...e.data.featuredOrder, e.data.imageId])];
      default:
        return [e.data.imageId];
    }
  },
  evolve: (doc, event, id) => {
    const e = asEvent(event);
    const at = event.metadata.occurredAt;
    switch (e.type) {
      case 'GalleryImageAdded': {
        const { imageId, ...image } = e.data;
        return { _id: imageId, id: imageId, ...image, isFeatured: false, createdAt: at, updatedAt: at, version: Number(event.revision) };
      }
      case 'GalleryImageUpdated': {
        if (!doc) return null;
        const { imageId: _id, ...changes } = e.data;
        return { ...doc, ...changes, updatedAt: at, version: Number(event.revision) };
      }
      case 'GalleryImageRemoved':
        return null;
      case 'GalleryImageFeaturedChanged':
      case 'GalleryImageReordered': {
        // An id in the order whose image is gone (removed meanwhile) gets no document.
        if (!doc) return null;
        const index = e.data.featuredOrder.indexOf(id);
        if (index >= 0) return { ...doc, isFeatured: true, sortOrder: index };
        return { ...doc, isFeatured: false, sortOrder: 0, updatedAt: at };
      }
    }
  },
});
