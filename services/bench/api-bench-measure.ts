/**
 * bench:api's measure of one side of a pair: a warm-up (in the first round), then the measured run, each followed by the server's
 * deferred work until it is quiet (so it never lands in the next side's measure). In a pair with the CRUD +
 * mail peer, the gateway and that peer are also timed all in (all-in.ts): until every booking of the run is
 * mailed and in the read model. Keeps the tally of POSTs sent and answered for the checks at the end.
 */
import { mailFiles, untilAllIn, type AllInWatch } from './all-in.js';
import { SIDE_NAMES, type Figures, type Pair, type Side } from './api-bench-report.js';
import type { ServerMessage } from './api-bench-shared.js';
import type { loadGenerator } from './load-generator.js';
import { cpuSeconds, untilIdle, type startPinned } from './pinned-child.js';

type Server = ReturnType<typeof startPinned<ServerMessage>>;

export interface Bench {
  servers: Partial<Record<Side, Server>>;
  urls: Partial<Record<Side, string>>;
  /** Where the gateway and the CRUD + mail peer write their mails. */
  outboxes: Partial<Record<Side, string>>;
  generator: ReturnType<typeof loadGenerator>;
  availabilityDate: string;
  seconds: number;
  warmUp: number;
}

const sides = (): Record<Side, number> => ({ gateway: 0, peer: 0, mail: 0, bare: 0, floor: 0, tables: 0 });

/** Requests in flight when a run stops are answered after it: let them land before the next run. */
export const settle = (ms = 500) => new Promise((r) => setTimeout(r, ms));

export function measurer(bench: Bench) {
  const tally = {
    /** POST bodies used per side: later runs start past any request still in flight (at most one per connection). */
    sent: sides(),
    created: sides(),
    /** Requests in flight when a side's runs stopped: answered, but not counted as 201s. */
    slack: sides(),
    failed: [] as string[],
  };
  const gateway = bench.servers.gateway!;

  const measure = async (pair: Pair, side: Side, round: number): Promise<Figures> => {
    const path = (side === (pair.on ?? 'gateway') ? pair.gatewayPath : pair.againstPath).replace('{day}', bench.availabilityDate);
    const server = bench.servers[side];
    if (!server) throw new Error(`no ${SIDE_NAMES[side]} was started`);
    const pid = server.child.pid!;
    const outbox = pair.mail && (side === 'gateway' || side === 'mail') ? bench.outboxes[side] : undefined;
    const rows = async () => (await server.ask({ type: 'rows' }, 'rows')).rows;

    const run = async (runSeconds: number): Promise<Figures> => {
      const watch: Omit<AllInWatch, 'start' | 'cpuBefore'> | null = outbox
        ? { pid, outbox, rows, mailsBefore: mailFiles(outbox).length, rowsBefore: await rows() }
        : null;
      const [cpuBefore, start] = [cpuSeconds(pid), performance.now()];
      const result = await bench.generator.run({
        url: bench.urls[side]!,
        path,
        connections: pair.connections,
        seconds: runSeconds,
        ...(pair.post ? { post: { offset: tally.sent[side] } } : {}),
      });
      if (pair.post) {
        tally.sent[side] += result.requests + pair.connections;
        tally.created[side] += result.ok2xx;
        tally.slack[side] += pair.connections;
      }
      if (result.non2xx || result.errors)
        tally.failed.push(`${pair.name} on ${SIDE_NAMES[side]} (round ${round}): ${result.non2xx} non-2xx, ${result.errors} errors`);
      const allInDone = watch ? untilAllIn({ ...watch, start, cpuBefore }, result) : Promise.resolve(undefined);
      await settle();
      // The server's CPU over the run and the settling after it, then what it did after (until quiet).
      const [cpuRun, elapsed] = [cpuSeconds(pid) - cpuBefore, (performance.now() - start) / 1000];
      const allIn = await allInDone;
      if (allIn === null) {
        const missing = `${pair.name} on ${SIDE_NAMES[side]} (round ${round}): its bookings not all mailed and in the read model 120 s after the run`;
        console.error(`FAILED: ${missing}`);
        tally.failed.push(missing);
      }
      await untilIdle(pid);
      const deferred = cpuSeconds(pid) - cpuBefore - cpuRun;
      return {
        ...result,
        cpuMsPerRequest: (cpuRun * 1000) / result.requests,
        cpuShare: cpuRun / elapsed,
        deferredMsPerRequest: (deferred * 1000) / result.requests,
        ...(allIn ? { allIn } : {}),
      };
    };

    // JIT, connection pools, the SQLite page cache: not in the table. Later rounds find the same process warm.
    if (round === 1) await run(bench.warmUp);
    const profiled = side === 'gateway';
    if (profiled) await gateway.ask({ type: 'profile-start' }, 'profiling');
    const result = await run(bench.seconds);
    const name = `${pair.name}-round-${round}`.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '');
    if (profiled) await gateway.ask({ type: 'profile-stop', name }, 'profiled');
    return result;
  };

  return { measure, tally };
}
