import type { Feature } from '../platform/runtime/runtime.js';
import { adminWhitelistProjection } from './admin-whitelist-projection.js';
import { adminAccessRoutes } from './admin-access-routes.js';
import { seedAdminEmails } from './admin-access-commands.js';

export const adminAccessFeature: Feature = {
  name: 'admin-access',
  projections: [adminWhitelistProjection],
  routes: adminAccessRoutes,
  start: async (runtime) => {
    await seedAdminEmails(runtime);
  },
};
