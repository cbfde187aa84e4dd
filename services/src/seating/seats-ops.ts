import { parseArgs } from 'node:util';
import { loadConfig } from '../platform/config.js';
import { opsContext, opsOutput, type OpsIo } from '../platform/commands/ops-io.js';
import { systemClock, type Clock } from '../platform/clock.js';
import { NOT_WAITING } from '../platform/commands/command-runner.js';
import { openStores } from '../platform/runtime/ports.js';
import type { EventSeatSource } from '../cafe-day/index.js';
import { reconcileSeats, type SeatReconciliation, type SeatSource } from './seat-reconciliation.js';

export const seatsUsage = `  seats reconcile [--json]                    make every day's seats from today on agree with the bookings:
                                              reserve what live reservations, approved parties and events lack
                                              (over capacity if need be, never refused), release the rest
`;

export interface SeatsOpsIo extends OpsIo {
  clock?: Clock;
}

/**
 * `npm run ops -- seats reconcile` over the bookings that hold seats (`sources`, named by bin/ops.ts): written to the store as the operator (actor system "ops (<os user>)");
 * a running gateway or projector picks the seat events up from there, as with every ops write.
 */
export async function seatsCommand(args: string[], sources: (SeatSource | EventSeatSource)[], io: SeatsOpsIo = {}): Promise<number> {
  const { print, printError } = opsOutput(io);
  const { positionals, values } = parseArgs({ args, allowPositionals: true, options: { json: { type: 'boolean' } } });
  if (positionals[0] !== 'reconcile' || positionals.length > 1) {
    printError(`Usage:\n${seatsUsage}`);
    return 2;
  }
  const config = loadConfig(io.env ?? process.env);
  const stores = await openStores(config);
  try {
    const runtime = { eventStore: stores.eventStore, clock: io.clock ?? systemClock, config, readModels: NOT_WAITING };
    const context = opsContext('ops seats reconcile');
    const result = await reconcileSeats(runtime, sources, context);
    print(values.json ? JSON.stringify(result) : describeReconciliation(result));
    return 0;
  } finally {
    await stores.close();
  }
}

export function describeReconciliation(r: SeatReconciliation): string {
  const checked = `${r.datesChecked} date(s) checked from ${r.from}`;
  const lines =
    r.datesChanged === 0
      ? [`${checked}: every day's seats already agree with the bookings; nothing changed.`]
      : [
          `${checked}, ${r.datesChanged} changed.`,
          `Reserved: ${r.reservedSeats} seat(s) for ${r.reservedBookings} booking(s)${r.overCapacity ? `, ${r.overCapacity} of them over capacity` : ''}.`,
          `Released: ${r.releasedSeats} seat(s) of ${r.releasedBookings} booking(s).`,
        ];
  if (r.inFlight)
    lines.push(`Left alone: ${r.inFlight} hold(s) reserved moments ago for a booking command still in flight (run again later).`);
  return lines.join('\n');
}
