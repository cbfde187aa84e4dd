import { type GalleryImageData, type GalleryImageEvent, GALLERY_IMAGE_NOT_FOUND } from '@cafe/contracts';
import type { Decider } from '../platform/commands/decider.js';
import { Conflict, NotFound } from '../platform/commands/domain-errors.js';
import { streamName } from '../platform/event-store/event-store.js';
import { onlyChanged } from '../platform/commands/only-changed.js';

export const galleryImageStream = (id: string) => streamName('galleryImage', id);

export type GalleryImageState =
  { status: 'none' } | { status: 'active'; imageId: string; image: GalleryImageData } | { status: 'removed'; imageId: string };

export type GalleryImageChangesData = Partial<Pick<GalleryImageData, 'url' | 'alt' | 'isVisible' | 'sortOrder'>>;

export type GalleryImageCommand =
  | { type: 'AddGalleryImage'; imageId: string; image: GalleryImageData }
  | { type: 'UpdateGalleryImage'; changes: GalleryImageChangesData }
  | { type: 'RemoveGalleryImage' };

/** One gallery image: its picture, words and visibility. Featured order lives in gallery-featured-decider. */
export const galleryImageDecider: Decider<GalleryImageState, GalleryImageCommand, GalleryImageEvent> = {
  initialState: () => ({ status: 'none' }),
  evolve: (state, event) => {
    switch (event.type) {
      case 'GalleryImageAdded': {
        const { imageId, ...image } = event.data;
        return { status: 'active', imageId, image };
      }
      case 'GalleryImageUpdated': {
        if (state.status !== 'active') return state;
        const { imageId: _id, ...changes } = event.data;
        return { ...state, image: { ...state.image, ...changes } };
      }
      case 'GalleryImageRemoved':
        return { status: 'removed', imageId: event.data.imageId };
    }
  },
  decide: (command, state) => {
    switch (command.type) {
      case 'AddGalleryImage':
        if (state.status !== 'none') throw new Conflict('This image already exists');
        return [{ type: 'GalleryImageAdded', data: { imageId: command.imageId, ...command.image } }];
      case 'UpdateGalleryImage': {
        if (state.status !== 'active') throw new NotFound(GALLERY_IMAGE_NOT_FOUND);
        const changes = onlyChanged<GalleryImageChangesData>(state.image, command.changes);
        if (Object.keys(changes).length === 0) return [];
        return [{ type: 'GalleryImageUpdated', data: { imageId: state.imageId, ...changes } }];
      }
      case 'RemoveGalleryImage':
        if (state.status !== 'active') throw new NotFound(GALLERY_IMAGE_NOT_FOUND);
        return [{ type: 'GalleryImageRemoved', data: { imageId: state.imageId } }];
    }
  },
};
