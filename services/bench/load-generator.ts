/**
 * bench:api's load generator, in its own process pinned to the CPU the servers do not use: `wrk` when it
 * is on PATH (one thread, a Lua script that feeds the POST bodies and counts the answers), otherwise
 * autocannon (autocannon-runner.ts). BENCH_GENERATOR=autocannon forces the fallback.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PUBLIC_URL } from './api-bench-shared.js';

export type GeneratorName = 'wrk' | 'autocannon';

export interface LoadSpec {
  url: string;
  path: string;
  connections: number;
  seconds: number;
  /** POST these JSON bodies in turn, starting at `offset`; GET when absent. */
  post?: { offset: number };
}

export interface LoadResult {
  requests: number;
  rps: number;
  p99Ms: number;
  ok2xx: number;
  non2xx: number;
  errors: number;
}

export const POST_HEADERS = { 'content-type': 'application/json', origin: PUBLIC_URL };

export function pickGenerator(): GeneratorName {
  if (process.env.BENCH_GENERATOR === 'autocannon') return 'autocannon';
  return spawnSync('wrk', ['-v'], { stdio: 'ignore' }).error ? 'autocannon' : 'wrk';
}

/** A generator bound to one set of POST bodies and one CPU (null: unpinned). `close()` removes its files. */
export function loadGenerator(name: GeneratorName, bodies: string[], cpu: number | null) {
  const dir = mkdtempSync(join(tmpdir(), 'cafe-bench-load-'));
  const bodiesFile = join(dir, 'bodies.json');
  writeFileSync(bodiesFile, JSON.stringify(bodies));
  const scripts = { get: join(dir, 'get.lua'), post: join(dir, 'post.lua') };
  writeFileSync(scripts.get, luaScript(null));
  writeFileSync(scripts.post, luaScript(bodies));
  const pinned = (argv: string[]) => (cpu === null ? argv : ['taskset', '-c', String(cpu), ...argv]);

  async function run(spec: LoadSpec): Promise<LoadResult> {
    if (name === 'wrk') {
      const seconds = Math.max(1, Math.round(spec.seconds));
      const args = ['wrk', '-t1', `-c${spec.connections}`, `-d${seconds}s`, '--timeout', '10s'];
      args.push('-s', spec.post ? scripts.post : scripts.get, `${spec.url}${spec.path}`);
      if (spec.post) args.push('--', String(spec.post.offset));
      const raw = JSON.parse(marked(await output(pinned(args)))) as Omit<LoadResult, 'rps'> & { durationUs: number; p99Us: number };
      return {
        requests: raw.requests,
        rps: raw.requests / (raw.durationUs / 1e6),
        p99Ms: raw.p99Us / 1000,
        ok2xx: raw.ok2xx,
        non2xx: raw.non2xx,
        errors: raw.errors,
      };
    }
    const runner = fileURLToPath(new URL('./autocannon-runner.ts', import.meta.url));
    const env = { BENCH_LOAD: JSON.stringify({ ...spec, bodiesFile }) };
    return JSON.parse(marked(await output(pinned([process.execPath, ...process.execArgv, runner]), env))) as LoadResult;
  }

  return { name, run, close: () => rmSync(dir, { recursive: true, force: true }) };
}

/** The line a generator prints its figures on: `BENCH_JSON {...}`. */
function marked(stdout: string): string {
  const line = stdout.split('\n').find((l) => l.startsWith('BENCH_JSON '));
  if (!line) throw new Error(`load generator printed no figures:\n${stdout}`);
  return line.slice('BENCH_JSON '.length);
}

function output(argv: string[], env: Record<string, string> = {}): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(argv[0]!, argv.slice(1), { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.once('error', reject);
    child.once('exit', (code) => (code === 0 ? resolve(out) : reject(new Error(`${argv.join(' ')} exited ${code}:\n${out}`))));
  });
}

/**
 * wrk's script. GET: wrk's own request, non-2xx taken from its status errors (≥ 400; the servers
 * answer no 3xx here). POST: each request takes the next body (from the offset given after `--`), and
 * every answer's status is counted, so the driver knows exactly how many 201s the server sent.
 */
function luaScript(bodies: string[] | null): string {
  const report = (ok: string, bad: string, count = '') => `
function done(summary, latency, requests)
  local e = summary.errors
  local ok, bad = ${ok}, ${bad}${count}
  io.write(string.format('BENCH_JSON {"requests":%d,"durationUs":%d,"p99Us":%d,"ok2xx":%d,"non2xx":%d,"errors":%d}\\n',
    summary.requests, summary.duration, latency:percentile(99), ok, bad, e.connect + e.read + e.write + e.timeout))
end
`;
  if (!bodies) return report('summary.requests - summary.errors.status', 'summary.errors.status');
  const headers = Object.entries(POST_HEADERS)
    .map(([k, v]) => `["${k}"] = "${v}"`)
    .join(', ');
  return `
local bodies = {
${bodies.map((b) => `[==[${b}]==]`).join(',\n')}
}
local headers = { ${headers} }
local threads = {}
function setup(thread) table.insert(threads, thread) end
function init(args) i = tonumber(args[1] or "0"); ok2xx = 0; other = 0 end
function request()
  local body = bodies[(i % #bodies) + 1]
  i = i + 1
  return wrk.format("POST", wrk.path, headers, body)
end
function response(status, headers, body)
  if status >= 200 and status < 300 then ok2xx = ok2xx + 1 else other = other + 1 end
end
${report('0', '0', '\n  for _, t in ipairs(threads) do ok = ok + t:get("ok2xx"); bad = bad + t:get("other") end')}`;
}
