import type { Feature } from '../platform/feature.js';
import { usersProjection } from './users-projection.js';

export const usersFeature: Feature = { name: 'users', projections: [usersProjection] };
