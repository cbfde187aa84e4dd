import type { Feature } from '../platform/feature.js';
import { authRoutes } from './auth-routes.js';

/** Sign-in routes. The per-request user/actor hook is platform-wide: auth-plugin.ts, registered by app.ts. */
export const authFeature: Feature = { name: 'auth', routes: authRoutes };
