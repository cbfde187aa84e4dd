import type { Feature } from '../platform/runtime/runtime.js';
import { usersProjection } from './users-projection.js';

export const usersFeature: Feature = { name: 'users', projections: [usersProjection] };
