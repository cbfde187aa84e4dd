import type { Feature } from '../platform/runtime/runtime.js';
import { businessInfoSaveRoutes } from './business-info-save-routes.js';

/**
 * Saving business info, which may close a holiday or shorten the hours: one closure flow with Blocked
 * Dates (closures), above both slices. An unfinished closure is resumed by the closures slice.
 */
export const hoursChangesFeature: Feature = {
  name: 'hours-changes',
  routes: businessInfoSaveRoutes,
};
