import type { Feature } from '../platform/feature.js';
import { blobStoreOf, closeBlobStoreOf } from '../platform/blob-store/index.js';
import { galleryProjection } from './gallery-projection.js';
import { galleryRoutes } from './gallery-routes.js';

export const galleryFeature: Feature = {
  name: 'gallery',
  projections: [galleryProjection],
  routes: galleryRoutes,
  // Opens the blob store with the runtime and closes it with the runtime (GridFS holds a connection).
  start: async (runtime) => {
    await blobStoreOf(runtime);
    return () => closeBlobStoreOf(runtime);
  },
};
