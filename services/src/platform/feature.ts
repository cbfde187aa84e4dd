import type { FastifyPluginAsync } from 'fastify';
import type { Projection } from './projections/projection.js';
import type { Runtime } from './runtime/runtime.js';

/**
 * A vertical slice: its projections (read models), its routes, and anything it wants to run
 * once the read models are ready (seeding, reactors). Features are listed in src/features.ts.
 */
export interface Feature {
  name: string;
  projections?: Projection[];
  routes?: FastifyPluginAsync;
  /** Started after the read models have caught up; the returned function stops it. */
  start?: (runtime: Runtime) => Promise<(() => Promise<void>) | void>;
}
