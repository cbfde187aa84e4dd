import { startWakeableLoop } from '../platform/runtime/wakeable-loop.js';
import { randomUUID } from 'node:crypto';
import { addDays, todayIn } from '@cafe/contracts';
import { withoutWaiting, type CommandContext } from '../platform/commands/command-runner.js';
import type { Runtime } from '../platform/runtime/runtime.js';
import { settleDay } from './waitlist-commands.js';
import { waitlistProjection, type WaitlistDayDoc } from './waitlist-projection.js';

/**
 * The waitlist's process manager: whenever seats or tables may have freed up on a date someone waits for
 * (a cancellation by guest or staff, a no-show, a move, a shorter stay, a closure lifted, a larger capacity,
 * an offer passed or let go) the first fitting entries get offers; offers past their hold expire and their
 * seats go to the next; a date past ends its entries. It looks at every active date every EVERY_MS and at
 * once when woken (a guest joined, left or passed here). Everything it decides comes from the streams (the
 * date's waitlist and seats, settled in one decision each), so a restart, or two processes, change nothing:
 * a date with nothing to do decides nothing.
 */
const EVERY_MS = 2_000;
/** Dates this far back are still ended (their entries expired) when the process was off over them. */
const LOOK_BACK_DAYS = 30;

const CONTEXT = (): CommandContext => ({
  actor: { kind: 'system', name: 'waitlist' },
  correlationId: randomUUID(),
  causationId: 'waitlist offers',
});

export interface WaitlistProcess {
  /** One look at every active date (tests run one instead of waiting for the timer). */
  pass(): Promise<{ offers: string[]; expired: string[]; ended: number }>;
  wake(): void;
}

const processes = new WeakMap<object, WaitlistProcess>();

export const waitlistProcessOf = (runtime: object): WaitlistProcess | undefined => processes.get(runtime);

/** A guest joined, left or passed: the process here looks at once. */
export const wakeWaitlist = (runtime: object) => processes.get(runtime)?.wake();

/** What a date was last settled at: the store's head then, and the first live offer's hold end (ms). */
type Settled = Map<string, { head: bigint; lapsesAt: number }>;

/**
 * Every active date (someone waits or holds an offer), each one decision; a date settled before, with no
 * event stored since and no offer's hold over yet, is skipped: nothing could have freed up there.
 */
export async function settleActiveDates(runtime: Runtime, settled: Settled = new Map()) {
  const now = runtime.clock.now();
  const today = todayIn(runtime.config.zone, now);
  const head = await runtime.eventStore.headPosition();
  const docs = await runtime.documents
    .collection<WaitlistDayDoc>(waitlistProjection.name)
    .find({ date: { $gte: addDays(today, -LOOK_BACK_DAYS) } }, { sort: { date: 1 } });
  const quiet = withoutWaiting(runtime);
  const all = { offers: [] as string[], expired: [] as string[], ended: 0 };
  for (const doc of docs.filter((d) => d.active)) {
    const last = settled.get(doc.date);
    if (last && last.head === head && now.getTime() < last.lapsesAt && doc.date >= today) continue;
    const { offers, expired, ended } = await settleDay(quiet, doc.date, CONTEXT());
    all.offers.push(...offers);
    all.expired.push(...expired);
    if (ended) all.ended++;
    const holds = doc.entries.flatMap((e) => (e.offer?.status === 'offered' ? [Date.parse(e.offer.holdUntil)] : []));
    // Decided something: look again next time (the read model may not show it yet).
    settled.set(doc.date, { head: offers.length || expired.length ? -1n : head, lapsesAt: Math.min(Infinity, ...holds) });
  }
  if (all.offers.length || all.expired.length || all.ended) await runtime.readModels.waitFor(await runtime.eventStore.headPosition());
  return all;
}

/** Started where the projections run (one per deployment); the returned function stops it. */
export function startWaitlistProcess(options: { everyMs?: number } = {}) {
  return async (runtime: Runtime): Promise<(() => Promise<void>) | void> => {
    if (!runtime.engine) return;
    const everyMs = options.everyMs ?? EVERY_MS;
    const logger = runtime.logger.child({ feature: 'waitlist' });
    let turn: Promise<unknown> = Promise.resolve();
    const settled: Settled = new Map();
    // One pass at a time, whether the loop or a test runs it.
    const pass = () => {
      const next = turn.then(() => settleActiveDates(runtime, settled));
      turn = next.catch(() => undefined);
      return next;
    };
    const loop = startWakeableLoop(
      everyMs,
      async () => {
        const { offers, expired } = await pass();
        if (offers.length || expired.length) logger.info({ offers: offers.length, expired: expired.length }, 'waitlist offers settled');
      },
      (error) => logger.error({ err: error }, 'waitlist offers not settled'),
    );
    processes.set(runtime, { pass, wake: loop.wake });
    return async () => {
      processes.delete(runtime);
      await loop.stop();
    };
  };
}
