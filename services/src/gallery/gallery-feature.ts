import type { Feature } from '../platform/runtime/runtime.js';
import { galleryProjection } from './gallery-projection.js';
import { galleryPublicRoutes, galleryRoutes } from './gallery-routes.js';

export const galleryFeature: Feature = {
  name: 'gallery',
  projections: [galleryProjection],
  publicRoutes: galleryPublicRoutes,
  routes: galleryRoutes,
};
