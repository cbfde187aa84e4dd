/**
 * bench:api's checks once every run is over: each side stored what it answered 201 for (the gateway: appended
 * and projected; the peers: a row; the floor: an event), and the gateway and the CRUD + mail peer mailed every
 * accepted booking once. At most one request per connection and run was in flight when the run stopped:
 * answered and stored, but not counted as a 201. Returns what failed.
 */
import { mailIdOf } from './all-in.js';
import type { Side } from './api-bench-report.js';
import type { ServerMessage } from './api-bench-shared.js';

type Stats = Extract<ServerMessage, { type: 'stats' }>;
type Tally = { created: Record<Side, number>; slack: Record<Side, number> };
/** Before and after the runs, for the sides that were started. */
type Compared = Partial<Record<Side, { before: Stats; after: Stats }>>;

const grew = (s?: { before: Stats; after: Stats }) => ({
  appended: s ? s.after.appended - s.before.appended : 0,
  rows: s ? s.after.rows - s.before.rows : 0,
});
/** Within the 201s and the requests in flight when runs stopped. */
const within = (n: number, tally: Tally, side: Side) => n >= tally.created[side] && n - tally.created[side] <= tally.slack[side];

export function postChecks(stats: Compared, tally: Tally): string[] {
  const failures: string[] = [];
  const { created, slack } = tally;
  const gateway = grew(stats.gateway);
  const [peerRows, floorAppended] = [grew(stats.peer).rows, grew(stats.floor).appended];
  console.log(
    `\nPOST check: the gateway answered ${created.gateway} × 201, appended ${gateway.appended} ReservationRequested and ` +
      `projected ${gateway.rows} new reservations (more than the 201s by at most the ${slack.gateway} requests in flight ` +
      `when runs stopped); the CRUD peer answered ${created.peer} × 201 and holds ${peerRows} new rows; ` +
      `the event-store floor answered ${created.floor} × 201 and appended ${floorAppended} events.`,
  );
  if (gateway.rows !== gateway.appended || !within(gateway.appended, tally, 'gateway'))
    failures.push("the gateway's 201s, appended events and read-model documents disagree");
  // The floor is a figure only if each of its 201s was stored too.
  if (floorAppended < created.floor) failures.push('the event-store floor answered more 201s than it appended events');
  if (stats.tables) {
    const tables = grew(stats.tables);
    if (created.tables)
      console.log(
        `POST check on the floor: the gateway with a floor answered ${created.tables} × 201, appended ${tables.appended} ` +
          `ReservationRequested and projected ${tables.rows} new reservations.`,
      );
    if (tables.rows !== tables.appended || !within(tables.appended, tally, 'tables'))
      failures.push("the floor gateway's 201s, appended events and read-model documents disagree");
  }
  return failures;
}

/**
 * Every booking the gateway and the CRUD + mail peer took mailed once: as many new .eml files as new bookings
 * (the gateway's ReservationRequested, the peer's rows), each with its own Message-ID (a resend keeps it).
 */
export function mailChecks(stats: Compared, tally: Tally, mails: Partial<Record<'gateway' | 'mail', string[]>>): string[] {
  const failures: string[] = [];
  for (const side of ['gateway', 'mail'] as const) {
    const files = mails[side];
    if (!files || !stats[side]) continue;
    const booked = side === 'gateway' ? grew(stats.gateway).appended : grew(stats.mail).rows;
    const distinct = new Set(files.map(mailIdOf)).size;
    const name = side === 'gateway' ? 'the gateway' : 'the CRUD + mail peer';
    const once = files.length === booked && distinct === files.length && within(files.length, tally, side);
    console.log(
      `Mail check: ${name} answered ${tally.created[side]} × 201, took ${booked} bookings and wrote ${files.length} mails ` +
        `(${distinct} distinct Message-IDs) to its outbox: ${once ? 'every accepted booking mailed once' : 'MISMATCH'}.`,
    );
    if (!once) failures.push(`${name} did not mail every accepted booking exactly once`);
  }
  return failures;
}
