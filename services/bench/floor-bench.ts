/** bench:api's figures for issue 48: the availability of the 300-booking day built uncached, with a floor and without. */
import type { ServerMessage } from './api-bench-shared.js';

type Probe = Extract<ServerMessage, { type: 'probed' }>;

const ms = (n: number) => (n >= 10 ? n.toFixed(1) : n.toFixed(2));

/**
 * The route answers from a copy cached per read-model version (so the GET pair measures the served answer);
 * what a booking's change costs the next visitor is the build itself, timed 200 times in each gateway.
 */
export function printFloorProbe(date: string, tables: Probe, gateway: Probe): void {
  console.log(
    `\nThe availability of ${date} (300 bookings, ${tables.answers} slots) built uncached, as after each change to the day ` +
      `(200 builds each, in the server):\n` +
      `  with a 30-table floor: ${ms(tables.msPerAnswer)} ms per answer, ${ms(tables.msPerAnswerForFour)} ms with partySize=4\n` +
      `  without a floor:       ${ms(gateway.msPerAnswer)} ms per answer, ${ms(gateway.msPerAnswerForFour)} ms with partySize=4`,
  );
}
