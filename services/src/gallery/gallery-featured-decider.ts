import { type GalleryFeaturedEvent, GALLERY_IMAGE_NOT_FOUND } from '@cafe/contracts';
import type { Decider } from '../platform/commands/decider.js';
import { NotFound } from '../platform/commands/domain-errors.js';
import { streamName } from '../platform/event-store/event-store.js';

/**
 * The featured images and their order are one decision, so they live in one stream:
 * galleryFeatured-main. Every event carries the whole resulting order, and the projection writes
 * sortOrder 0..n-1 from it to every featured image: two admins reordering at once get a 409, never
 * two images on the same place.
 */
export const GALLERY_FEATURED_STREAM = streamName('galleryFeatured', 'main');

export type GalleryFeaturedState = { status: 'ordered'; order: string[] };

export type GalleryFeaturedCommand =
  /** imageExists: read by the handler from the image's own stream. */
  | { type: 'ChangeFeatured'; imageId: string; isFeatured: boolean; imageExists: boolean }
  /** Moves a featured image to `toIndex` (clamped) among the featured images. */
  | { type: 'MoveFeaturedImage'; imageId: string; toIndex: number };

export const galleryFeaturedDecider: Decider<GalleryFeaturedState, GalleryFeaturedCommand, GalleryFeaturedEvent> = {
  initialState: () => ({ status: 'ordered', order: [] }),
  evolve: (_state, event) => ({ status: 'ordered', order: event.data.featuredOrder }),
  decide: (command, state) => {
    switch (command.type) {
      case 'ChangeFeatured': {
        const featured = state.order.includes(command.imageId);
        if (featured === command.isFeatured) return [];
        if (command.isFeatured && !command.imageExists) throw new NotFound(GALLERY_IMAGE_NOT_FOUND);
        const featuredOrder = command.isFeatured ? [...state.order, command.imageId] : state.order.filter((id) => id !== command.imageId);
        return [{ type: 'GalleryImageFeaturedChanged', data: { imageId: command.imageId, isFeatured: command.isFeatured, featuredOrder } }];
      }
      case 'MoveFeaturedImage': {
        const from = state.order.indexOf(command.imageId);
        if (from < 0) throw new NotFound('That image is not featured');
        const rest = state.order.filter((id) => id !== command.imageId);
        const to = Math.max(0, Math.min(command.toIndex, rest.length));
        if (to === from) return [];
        const featuredOrder = [...rest.slice(0, to), command.imageId, ...rest.slice(to)];
        return [{ type: 'GalleryImageReordered', data: { imageId: command.imageId, featuredOrder } }];
      }
    }
  },
};
