import type { Feature } from '../platform/runtime/runtime.js';
import { gamesProjection } from './games-projection.js';
import { gameLibraryPublicRoutes, gameLibraryRoutes } from './game-library-routes.js';
import { gameCountPageData } from './game-count-page-data.js';

export const gameLibraryFeature: Feature = {
  name: 'game-library',
  projections: [gamesProjection],
  publicRoutes: gameLibraryPublicRoutes,
  routes: gameLibraryRoutes,
  pageData: gameCountPageData,
};
