import type { Feature } from '../platform/runtime/runtime.js';
import { menuCategoriesProjection, menuItemsProjection } from './menu-projections.js';
import { menuPublicRoutes, menuRoutes } from './menu-routes.js';

export const menuFeature: Feature = {
  name: 'menu',
  projections: [menuCategoriesProjection, menuItemsProjection],
  publicRoutes: menuPublicRoutes,
  routes: menuRoutes,
};
