import type { Feature } from '../platform/runtime/runtime.js';
import { authPlugin } from './auth-plugin.js';
import { authRoutes } from './auth-routes.js';

/** Sign-in routes, and the per-request hook that tells an admin from a visitor. */
export const authFeature: Feature = { name: 'auth', plugins: [authPlugin], routes: authRoutes };
