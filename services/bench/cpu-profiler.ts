import { mkdirSync, writeFileSync } from 'node:fs';
import inspector from 'node:inspector';
import { join } from 'node:path';

/**
 * BENCH_PROFILE=<dir>: CPU profiles of this process, one file per measured stretch (open them in Chrome's
 * DevTools or any .cpuprofile reader). Without it, start and stop do nothing.
 */
export async function cpuProfiler(dir = process.env.BENCH_PROFILE) {
  const session = dir ? new inspector.Session() : null;
  session?.connect();
  const post = (method: string, params?: object) =>
    new Promise<unknown>((resolve, reject) => session!.post(method, params, (err, result) => (err ? reject(err) : resolve(result))));
  if (session) await post('Profiler.enable');
  return {
    start: async () => {
      if (session) await post('Profiler.start');
    },
    stop: async (name: string) => {
      if (!session) return;
      const { profile } = (await post('Profiler.stop')) as { profile: object };
      mkdirSync(dir!, { recursive: true });
      writeFileSync(join(dir!, `${name}.cpuprofile`), JSON.stringify(profile));
    },
  };
}
