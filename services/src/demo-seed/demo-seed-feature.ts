import type { Feature } from '../platform/runtime/runtime.js';
import { seedDemo } from './demo-seed.js';

/**
 * The living demo: on a first start of the embedded store with SEED_DEMO=true (the default), seed every
 * feature's demo content (the business info, menu, events, gallery and games). Runs after the read
 * models have caught up and every feature has started, and waits until they hold the seed, so the first request already sees it.
 * With the real servers, seed on purpose: `npm run ops -- seed`.
 */
export const demoSeedFeature: Feature = {
  name: 'demo-seed',
  seed: async (runtime) => {
    const { config, logger } = runtime;
    if (!config.seedDemo || config.store !== 'embedded') return;
    const started = performance.now();
    const report = await seedDemo(runtime);
    if (!report) return;
    if (report.position !== null) await runtime.readModels.waitFor(report.position, 30_000);
    logger.info(
      { ...report.counts, ms: Math.round(performance.now() - started) },
      'seeded the demo content (SEED_DEMO=false turns this off)',
    );
  },
};
