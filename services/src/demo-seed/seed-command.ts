import { loadConfig } from '../platform/config.js';
import { systemClock } from '../platform/clock.js';
import { openBlobStore, openStores } from '../platform/runtime/ports.js';
import { NOT_WAITING } from '../platform/commands/command-runner.js';
import type { Feature } from '../platform/runtime/runtime.js';
import { seedDemo, storeIsFresh } from './demo-seed.js';

/**
 * `npm run ops -- seed`: the demo content on demand, into the configured store (embedded or the real
 * servers). Refuses, touching nothing, when the store already holds events (other than the system's
 * start-up whitelist). Exit code 0 when seeded, 1 when refused. `features` are the service's
 * (features.ts): their demo content is what is seeded.
 */
export async function runSeedCommand(features: readonly Pick<Feature, 'demo'>[]): Promise<number> {
  const config = loadConfig();
  const stores = await openStores(config);
  const blobs = await openBlobStore(config);
  try {
    const { fresh, events } = await storeIsFresh(stores.eventStore);
    if (!fresh) {
      console.error(`The store already holds ${events > 1000 ? 'more than 1000' : events} events: nothing seeded.`);
      return 1;
    }
    // The read models are built by the gateway or the projector, not by this process: nothing to wait for.
    const report = await seedDemo({ eventStore: stores.eventStore, clock: systemClock, config, readModels: NOT_WAITING, blobs, features });
    if (!report) {
      console.error('The store was written to meanwhile: nothing seeded.');
      return 1;
    }
    console.log(`Seeded ${report.told} (${config.store} store).`);
    return 0;
  } finally {
    await blobs.close();
    await stores.close();
  }
}
