/**
 * bench:api's answer for the bookings and their mails: the gateway (which mails after the 201, from its reactor)
 * beside the CRUD + mail peer (which mails before it), the plain CRUD peer and the event-store floor, measured
 * in the same round; answered and all-in rates, CPU per booking, p99, and the goals as ratios.
 */
import { int, markdown, ms, SIDE_NAMES, type Figures, type MailGoals, type Measured, type Pair } from './api-bench-report.js';

interface Goal {
  text: string;
  seen: (m: Measured) => number;
  holds: (ratio: number) => boolean;
}

const allInOf = (f?: Figures) => f?.allIn?.perSecond ?? Number.NaN;
const ratio = (n: number) => (Number.isFinite(n) ? `${n.toFixed(2)}×` : '—');
const median = (values: number[]) => {
  const sorted = values.filter(Number.isFinite).sort((a, b) => a - b);
  if (!sorted.length) return Number.NaN;
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

function goalsOf(goals: MailGoals): Goal[] {
  const out: Goal[] = [];
  const { allInRatio, p99VsMailPeer, p99VsFloor } = goals;
  if (allInRatio !== undefined)
    out.push({
      text: `all-in bookings/s ≥ ${allInRatio}× the CRUD + mail peer's`,
      seen: (m) => allInOf(m.gateway) / allInOf(m.mail),
      holds: (r) => r >= allInRatio,
    });
  if (p99VsMailPeer !== undefined)
    out.push({
      text: `p99 ≤ ${p99VsMailPeer === 1 ? '' : `${p99VsMailPeer}× `}the CRUD + mail peer's`,
      seen: (m) => m.gateway.p99Ms / (m.mail?.p99Ms ?? Number.NaN),
      holds: (r) => r <= p99VsMailPeer,
    });
  if (p99VsFloor !== undefined)
    out.push({
      text: `p99 ≤ ${p99VsFloor}× the event-store floor's`,
      seen: (m) => m.gateway.p99Ms / (m.floor?.p99Ms ?? Number.NaN),
      holds: (r) => r <= p99VsFloor,
    });
  return out;
}

/** A goal holds when the median over the rounds meets it (each round's is printed beside it). */
export function mailGoalsMet(pairs: Pair[], results: Measured[][]): { met: number; of: number } {
  const verdicts = pairs.flatMap((pair, p) => goalsOf(pair.mail ?? {}).map((g) => g.holds(median(results[p]!.map(g.seen)))));
  return { met: verdicts.filter(Boolean).length, of: verdicts.length };
}

function sideRow(name: string, round: number, side: string, f: Figures): string[] {
  const cpu = f.allIn ? f.allIn.cpuMsPerBooking : f.cpuMsPerRequest + f.deferredMsPerRequest;
  const answered = f.allIn ? f.allIn.answeredPerSecond : (f.rps * f.ok2xx) / Math.max(1, f.requests);
  return [name, String(round), side, int(answered), f.allIn ? int(f.allIn.perSecond) : '—', cpu.toFixed(2), ms(f.p99Ms)];
}

export function printMailReport(pairs: Pair[], results: Measured[][]): void {
  const mailed = pairs.flatMap((pair, p) => (pair.mail ? [{ pair, runs: results[p]! }] : []));
  if (!mailed.length) return;
  console.log(
    "\nBookings and their mails. answered/s: 201s per second of the run; all-in/s: the run's bookings over the time from " +
      "its start until every one's confirmation is written to the outbox and the reservations read model holds it " +
      '(the peers: before their 201; the gateway: its mail reactor, after); CPU ms per booking: the server from the ' +
      "run's start until all in (the CRUD peer and the floor: the run and what they did after it):\n",
  );
  const rows = mailed.flatMap(({ pair, runs }) =>
    runs.flatMap((m, r) => [
      sideRow(pair.name, r + 1, SIDE_NAMES.gateway, m.gateway),
      ...(m.mail ? [sideRow(pair.name, r + 1, SIDE_NAMES.mail, m.mail)] : []),
      sideRow(pair.name, r + 1, SIDE_NAMES[pair.against], m.other),
      ...(m.floor ? [sideRow(pair.name, r + 1, SIDE_NAMES.floor, m.floor)] : []),
    ]),
  );
  console.log(markdown(['route', 'round', 'side', 'answered/s', 'all-in/s', 'CPU ms/booking', 'p99 ms'], rows));

  const ratios = mailed.flatMap(({ pair, runs }) => {
    const cells = (pick: (m: Measured) => number) => [...runs.map(pick), median(runs.map(pick))];
    const allIn = cells((m) => allInOf(m.gateway) / allInOf(m.mail));
    const answered = cells((m) => (m.gateway.allIn?.answeredPerSecond ?? Number.NaN) / (m.mail?.allIn?.answeredPerSecond ?? Number.NaN));
    const p99 = cells((m) => m.gateway.p99Ms / (m.mail?.p99Ms ?? Number.NaN));
    const floor = cells((m) => m.gateway.p99Ms / (m.floor?.p99Ms ?? Number.NaN));
    return allIn.map((_, i) => [
      pair.name,
      i < runs.length ? String(i + 1) : 'median',
      ratio(answered[i]!),
      ratio(allIn[i]!),
      ratio(p99[i]!),
      ratio(floor[i]!),
    ]);
  });
  console.log('\nThe gateway against the CRUD + mail peer and the event-store floor, each round and the median:\n');
  console.log(
    markdown(
      [
        'route',
        'round',
        'answered/s gateway / mail peer',
        'all-in/s gateway / mail peer',
        'p99 gateway / mail peer',
        'p99 gateway / floor',
      ],
      ratios,
    ),
  );

  console.log('\nGoals against the CRUD + mail peer and the floor (a goal holds when the median over the rounds meets it):');
  for (const { pair, runs } of mailed) {
    for (const goal of goalsOf(pair.mail!)) {
      const seen = runs.map(goal.seen);
      const perRound = seen.map((v, r) => `round ${r + 1} ${ratio(v)} ${goal.holds(v) ? 'held' : 'missed'}`).join(', ');
      const mid = median(seen);
      console.log(`  ${goal.holds(mid) ? 'PASS' : 'FAIL'}  ${pair.name}: ${goal.text}: ${perRound}; median ${ratio(mid)}`);
    }
  }
}
