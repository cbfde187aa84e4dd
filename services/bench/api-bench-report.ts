/** bench:api's printed answer: each route per round side by side, the issue's table, and its goals. */
import type { AllIn } from './all-in.js';
import type { LoadResult } from './load-generator.js';

export type Side = 'gateway' | 'peer' | 'mail' | 'bare' | 'floor' | 'tables';
export const SIDE_NAMES: Record<Side, string> = {
  gateway: 'gateway',
  peer: 'CRUD peer',
  mail: 'CRUD + mail peer',
  bare: 'bare Fastify',
  floor: 'event-store floor',
  tables: 'gateway with a floor',
};

/** The goals against the CRUD + mail peer and the floor (each as a ratio of the gateway's figure to the other's). */
export interface MailGoals {
  /** Gateway all-in bookings/s at least this × the CRUD + mail peer's. */
  allInRatio?: number;
  /** Gateway p99 at most this × the CRUD + mail peer's. */
  p99VsMailPeer?: number;
  /** Gateway p99 at most this × the event-store floor's. */
  p99VsFloor?: number;
}

export interface Pair {
  name: string;
  connections: number;
  post: boolean;
  gatewayPath: string;
  /** The product's side: the gateway, or (issue 48) the gateway seating by a 30-table floor. */
  on?: 'gateway' | 'tables';
  /** The other side: a peer, or the gateway without a floor (the floor's cost). */
  against: 'peer' | 'bare' | 'gateway';
  againstPath: string;
  /** Also measure the event-store floor (event-store-floor.ts) on the gateway's path. */
  floor?: boolean;
  /** Also measure the CRUD + mail peer (crud-mail-peer.ts), and its and the gateway's bookings all in; the goals against it. */
  mail?: MailGoals;
  /** A goal: gateway req/s ≥ ratio × the other's, and (if set) the gateway's p99 at most p99Ms. */
  goal: { ratio: number; p99Ms?: number; superseded?: boolean };
}

/** One run: the load generator's figures and the server's CPU (from /proc) over it. */
export type Figures = LoadResult & {
  cpuMsPerRequest: number;
  cpuShare: number;
  /** CPU the server spent after the run until it went quiet (work it defers past the answer), per request. */
  deferredMsPerRequest: number;
  /** The gateway and the CRUD + mail peer in a pair with `mail`: until every booking is mailed and in the read model. */
  allIn?: AllIn;
};

/** One measured run of both sides of a pair. */
export interface Measured {
  gateway: Figures;
  other: Figures;
  /** The event-store floor, where the pair measures it. */
  floor?: Figures;
  /** The CRUD + mail peer, where the pair measures it. */
  mail?: Figures;
}

export const int = (n: number) => Math.round(n).toLocaleString('en-US');
export const ms = (n: number) => (n >= 100 ? n.toFixed(0) : n.toFixed(1));
const cpuMs = (n: number) => n.toFixed(n < 0.1 ? 3 : 2);
const deferred = (f: Figures) => (f.deferredMsPerRequest >= 0.005 ? ` + ${cpuMs(f.deferredMsPerRequest)} after` : '');
const cpu = (f: Figures) => `${cpuMs(f.cpuMsPerRequest)}${deferred(f)} (${Math.round(f.cpuShare * 100)} %)`;
export const describe = (f: Figures) =>
  `${int(f.rps)} req/s, p99 ${ms(f.p99Ms)} ms, ${cpuMs(f.cpuMsPerRequest)} ms CPU per request${deferred(f)} ` +
  `(server busy ${Math.round(f.cpuShare * 100)} % of the run)`;
const ratio = (m: Measured) => m.gateway.rps / m.other.rps;
const span = (values: number[], show: (n: number) => string) => {
  const [lo, hi] = [Math.min(...values), Math.max(...values)];
  return show(lo) === show(hi) ? show(lo) : `${show(lo)}–${show(hi)}`;
};

export function markdown(header: string[], rows: string[][]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i]!)).join(' | ')} |`;
  return [line(header), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)].join('\n');
}

/** A goal holds when every round meets it. */
export function goalHolds(pair: Pair, runs: Measured[]): boolean {
  return runs.every((m) => ratio(m) >= pair.goal.ratio && (pair.goal.p99Ms === undefined || m.gateway.p99Ms <= pair.goal.p99Ms));
}

export function printReport(pairs: Pair[], results: Measured[][]): void {
  const perRound: string[][] = [];
  pairs.forEach((pair, p) =>
    results[p]!.forEach((m, r) =>
      perRound.push([
        pair.name,
        String(r + 1),
        int(m.gateway.rps),
        ms(m.gateway.p99Ms),
        cpu(m.gateway),
        SIDE_NAMES[pair.against],
        int(m.other.rps),
        ms(m.other.p99Ms),
        cpu(m.other),
        `${ratio(m).toFixed(2)}×`,
      ]),
    ),
  );
  console.log(
    "\nEach route, each round: req/s over the measured seconds, p99 latency, and the server process's CPU ms per " +
      'request, "+ n after" being what it spent once the run was over until it went quiet (work deferred past ' +
      'the answers; the next run waits for it), in brackets the share of the run it was on CPU (under 100 % when ' +
      'it waits for the disk or for requests, or other work takes its CPU):\n',
  );
  const header = [
    'route',
    'round',
    'gateway req/s',
    'p99 ms',
    'CPU ms/req',
    'against',
    'req/s',
    'p99 ms',
    'CPU ms/req',
    'gateway / against',
  ];
  console.log(markdown(header, perRound));

  // The issue's table: ranges over the rounds.
  const cell = (runs: Figures[], withP99: boolean) =>
    `${span(
      runs.map((x) => x.rps),
      int,
    )} req/s${
      withP99
        ? `, p99 ${span(
            runs.map((x) => x.p99Ms),
            ms,
          )} ms`
        : ''
    }`;
  const summary = pairs.map((pair, p) => {
    const runs = results[p]!;
    const gateway = cell(
      runs.map((m) => m.gateway),
      pair.post,
    );
    const other = cell(
      runs.map((m) => m.other),
      pair.post,
    );
    const ratios = span(runs.map(ratio), (n) => `${n.toFixed(2)}×`);
    const against = (side: Pair['against']) => (pair.against === side ? other : '');
    return [pair.name, gateway, against('peer'), against('bare'), against('gateway'), ratios];
  });
  console.log(`\nSide by side (ranges over ${results[0]?.length ?? 0} round(s)):\n`);
  console.log(markdown(['route', 'this product', 'CRUD peer', 'bare Fastify', 'gateway without a floor', 'this / other'], summary));

  printFloor(pairs, results);

  console.log(
    '\nGoals: a booking as cheap as a plain CRUD insert, the reads and the health route as cheap as their peers, a floor ' +
      'costing a booking and the availability at most 10 % (a goal holds when every round meets it):',
  );
  pairs.forEach((pair, p) => {
    const runs = results[p]!;
    const p99 = pair.goal.p99Ms === undefined ? '' : ` with gateway p99 ≤ ${pair.goal.p99Ms} ms`;
    const seen = runs.map((m) => `${ratio(m).toFixed(2)}×${pair.goal.p99Ms === undefined ? '' : ` p99 ${ms(m.gateway.p99Ms)} ms`}`);
    // The booking against a bare INSERT (no seats, no mail) is shown, but judged against the CRUD + mail peer below.
    const verdict = pair.goal.superseded ? 'INFO' : goalHolds(pair, runs) ? 'PASS' : 'FAIL';
    const against = `${pair.against === 'gateway' ? 'the gateway without a floor' : SIDE_NAMES[pair.against]}${pair.againstPath === pair.gatewayPath ? '' : ` (GET ${pair.againstPath})`}`;
    const floors = runs.flatMap((m) => (m.floor ? [`${(m.floor.rps / m.other.rps).toFixed(2)}×`] : []));
    const floor = floors.length ? ` (the event-store floor itself: ${floors.join(', ')})` : '';
    const why = pair.goal.superseded ? ' (not like for like: judged against the CRUD + mail peer below)' : '';
    console.log(`  ${verdict}  ${pair.name} ≥ ${pair.goal.ratio.toFixed(1)}× ${against}${p99}: ${seen.join(', ')}${floor}${why}`);
  });
}

/**
 * The event-store floor beside the CRUD peer and the gateway: what the product's event store and
 * sealing cost alone bounds what the gateway, which does them and more, can reach against the peer.
 */
function printFloor(pairs: Pair[], results: Measured[][]): void {
  const rows = pairs.flatMap((pair, p) =>
    results[p]!.flatMap((m, r) =>
      m.floor
        ? [
            [
              pair.name,
              String(r + 1),
              int(m.floor.rps),
              ms(m.floor.p99Ms),
              cpu(m.floor),
              `${(m.floor.rps / m.other.rps).toFixed(2)}×`,
              `${(m.gateway.rps / m.floor.rps).toFixed(2)}×`,
            ],
          ]
        : [],
    ),
  );
  if (!rows.length) return;
  console.log(
    "\nThe event-store floor: Fastify, the contract's schema and one sealed, fsynced ReservationRequested through the " +
      "gateway's own embedded store, nothing else (no session, seats, read models, mail). No write path of this " +
      'product can pass it:\n',
  );
  console.log(markdown(['route', 'round', 'floor req/s', 'p99 ms', 'CPU ms/req', 'floor / CRUD peer', 'gateway / floor'], rows));
}
