import type { Floor } from '@cafe/contracts';
import { estimateFor, estimateWaits, type Occupying, type QueuedParty } from './wait-estimator.js';

/**
 * A scripted evening for the estimator's test (issue 49's must-show): bookings at their tables and walk-in
 * parties arriving at the door, each staying a little longer or shorter than its band. Each walk-in is
 * quoted at arrival from what the host knows then (the bookings, who sits where since when, the queue);
 * then the evening is replayed as it happens (tables free when their guests actually leave; minute by
 * minute the host plans the queue in order with what is known then and seats whoever can sit down now, a
 * small party before a large one when only a small table is free) and each party's real wait is set
 * against its quote.
 */

export interface ScriptedBooking {
  id: string;
  partySize: number;
  time: number;
  tables: string[];
  /** How long they really stay. */
  actualMinutes: number;
}

export interface ScriptedWalkIn {
  id: string;
  partySize: number;
  arrival: number;
  actualMinutes: number;
}

export interface Outcome {
  id: string;
  partySize: number;
  arrival: number;
  quoted: number | null;
  waited: number | null;
}

interface Seated {
  id: string;
  tables: string[];
  partySize: number;
  from: number;
  nominalTo: number;
  actualTo: number;
}

/** The host assumes a party still seated past its stay leaves within this many minutes. */
export const OVERSTAY_GRACE_MINUTES = 5;

export function replayEvening(
  floor: Floor,
  bookings: readonly ScriptedBooking[],
  walkIns: readonly ScriptedWalkIn[],
  stayFor: (partySize: number) => number,
  span: { from: number; to: number },
): Outcome[] {
  const seated: Seated[] = [];
  const pendingBookings = [...bookings].sort((a, b) => a.time - b.time);
  const queue: ScriptedWalkIn[] = [];
  const outcomes = new Map<string, Outcome>();
  const busy = (table: string) => seated.some((s) => s.tables.some((x) => x.toLowerCase() === table.toLowerCase()));
  /** What the host knows at `now`: who sits where until their nominal end, the bookings still to come. */
  const known = (now: number): Occupying[] => [
    ...seated.map((s) => ({
      tables: s.tables,
      partySize: s.partySize,
      from: s.from,
      to: Math.max(s.nominalTo, now + OVERSTAY_GRACE_MINUTES),
    })),
    ...pendingBookings.map((b) => ({
      tables: b.tables,
      partySize: b.partySize,
      from: Math.max(b.time, now),
      to: Math.max(b.time, now) + stayFor(b.partySize),
    })),
  ];
  for (let now = span.from; now <= span.to; now++) {
    for (let i = seated.length - 1; i >= 0; i--) if (seated[i]!.actualTo <= now) seated.splice(i, 1);
    // Bookings due take their own tables as soon as those are free.
    for (let i = 0; i < pendingBookings.length; i++) {
      const b = pendingBookings[i]!;
      if (b.time > now || b.tables.some(busy)) continue;
      seated.push({
        id: b.id,
        tables: b.tables,
        partySize: b.partySize,
        from: now,
        nominalTo: now + stayFor(b.partySize),
        actualTo: now + b.actualMinutes,
      });
      pendingBookings.splice(i--, 1);
    }
    for (const w of walkIns.filter((x) => x.arrival === now)) {
      queue.push(w);
      const input = {
        now,
        floor,
        capacity: 0,
        holdingMinutes: 0,
        occupying: known(now),
        queue: queue.map((q): QueuedParty => ({ id: q.id, partySize: q.partySize })),
        stayFor,
      };
      outcomes.set(w.id, {
        id: w.id,
        partySize: w.partySize,
        arrival: now,
        quoted: estimateFor(input, w.id)?.minutes ?? null,
        waited: null,
      });
    }
    // The host works the same plan with what is known now: whoever it seats now sits down now.
    if (queue.length === 0) continue;
    const plan = estimateWaits({ now, floor, capacity: 0, holdingMinutes: 0, occupying: known(now), queue, stayFor });
    for (const planned of plan.filter((p) => p.at === now)) {
      const i = queue.findIndex((q) => q.id === planned.id);
      const party = queue[i]!;
      seated.push({
        id: party.id,
        tables: planned.tables,
        partySize: party.partySize,
        from: now,
        nominalTo: now + stayFor(party.partySize),
        actualTo: now + party.actualMinutes,
      });
      outcomes.get(party.id)!.waited = now - party.arrival;
      queue.splice(i, 1);
    }
  }
  return walkIns.map((w) => outcomes.get(w.id)!);
}

/** A small seeded generator (mulberry32): the same evening on every run. */
export function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
