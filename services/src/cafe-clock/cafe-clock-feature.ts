import type { Feature } from '../platform/runtime/runtime.js';
import { cafeClockPublicRoutes } from './cafe-clock-routes.js';

/** The café's zone and today, served to the browser (the zone is the server's BUSINESS_TIME_ZONE). */
export const cafeClockFeature: Feature = { name: 'cafe-clock', publicRoutes: cafeClockPublicRoutes };
