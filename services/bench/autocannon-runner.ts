/**
 * bench:api's fallback load generator when wrk is not on PATH: one autocannon run in its own process
 * (load-generator.ts pins it to the CPU the servers do not use). Reads BENCH_LOAD (a LoadSpec plus the
 * bodies file), prints `BENCH_JSON {...}` (a LoadResult).
 */
import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';
import { POST_HEADERS, type LoadResult, type LoadSpec } from './load-generator.js';

const spec = JSON.parse(process.env.BENCH_LOAD!) as LoadSpec & { bodiesFile: string };
const bodies = spec.post ? (JSON.parse(readFileSync(spec.bodiesFile, 'utf8')) as string[]) : [];
let i = spec.post?.offset ?? 0;
const result = await autocannon({
  url: `${spec.url}${spec.path}`,
  connections: spec.connections,
  pipelining: 1,
  duration: spec.seconds,
  ...(spec.post
    ? {
        requests: [
          {
            method: 'POST' as const,
            headers: POST_HEADERS,
            setupRequest: (request: autocannon.Request) => ({ ...request, body: bodies[i++ % bodies.length] }),
          },
        ],
      }
    : {}),
});
const out: LoadResult = {
  requests: result.requests.total,
  rps: result.requests.average,
  // autocannon records whole milliseconds.
  p99Ms: result.latency.p99,
  ok2xx: result['2xx'],
  non2xx: result.non2xx,
  errors: result.errors + result.timeouts,
};
console.log(`BENCH_JSON ${JSON.stringify(out)}`);
