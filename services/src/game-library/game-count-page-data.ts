import { GAME_COUNT_PATH } from '@cafe/contracts';
import type { PageDataSource } from '../platform/http/web-pages.js';
import type { Runtime } from '../platform/runtime/runtime.js';
import { gamesProjection } from './games-projection.js';
import { gameCount } from './game-library-routes.js';

/**
 * The landing page's hero says how many games the library holds ('850+ Games!'): the gateway renders
 * it with the count, again whenever the library changes, and the page carries it for the app's first render.
 */
export const gameCountPageData = (runtime: Runtime): PageDataSource => ({
  path: GAME_COUNT_PATH,
  version: () => runtime.readModels.versionOf(gamesProjection.name),
  read: () => gameCount(runtime),
});
