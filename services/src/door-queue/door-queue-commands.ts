import { createHash } from 'node:crypto';
import { DEFAULT_TABLE_READY_HOLD_MINUTES, QUEUE_PARTY_NOT_FOUND, normaliseEmail, todayIn, type DoorQueueAdd } from '@cafe/contracts';
import type { CommandContext, CommandRuntime } from '../platform/commands/command-runner.js';
import { runPipeline, streamOf } from '../platform/commands/command-pipeline.js';
import { timeOrderedId } from '../platform/commands/event-ids.js';
import { NotFound } from '../platform/commands/domain-errors.js';
import type { Runtime } from '../platform/runtime/runtime.js';
import { addWalkIn } from '../reservations/index.js';
import { doorQueueDecider, doorQueueStream, type DoorQueueCommand } from './door-queue-decider.js';
import { doorQueueProjection, type DoorQueueDoc } from './door-queue-projection.js';
import { queueEstimates } from './door-queue-estimates.js';
import { wakeQueueMessages } from './queue-messages.js';

/**
 * The door queue's commands, each one decision on the day's stream through the pipeline. Seating is the
 * walk-in's own decision first (reservations' addWalkIn, as arrivals' route runs it, under a key of the
 * party's, so pressing Seat again finds the same booking), then PartySeated.
 */

const decideOn = (runtime: Runtime, date: string, command: DoorQueueCommand, context: CommandContext) =>
  runPipeline(runtime, context, (tx) => tx.decide(streamOf(doorQueueDecider, doorQueueStream(date)), doorQueueDecider.decide, command), {
    retriesOnConflict: 5,
  });

const docs = (runtime: Runtime) => runtime.documents.collection<DoorQueueDoc>(doorQueueProjection.name);

/** A party's id from the staff form's Idempotency-Key (Add pressed again adds no one twice), else a new one. */
function partyIdFor(context: CommandContext): string {
  if (!context.idempotencyKey) return timeOrderedId();
  const hex = createHash('sha256').update(`door-queue:${context.idempotencyKey}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
}

/** Today's party in the queue (any status), or 404. */
export async function partyOf(runtime: Runtime, id: string): Promise<DoorQueueDoc> {
  const doc = await docs(runtime).get(id);
  if (!doc) throw new NotFound(QUEUE_PARTY_NOT_FOUND);
  return doc;
}

export async function addParty(runtime: Runtime, party: DoorQueueAdd, context: CommandContext) {
  const now = runtime.clock.now();
  const date = todayIn(runtime.config.zone, now);
  const partyId = partyIdFor(context);
  const waiting = await docs(runtime).find({ date });
  // Quoted from what the read models hold now, the new party last in line.
  const { minutes } = await queueEstimates(runtime.documents, runtime.config.zone, now, date, waiting, {
    id: partyId,
    partySize: party.partySize,
  });
  await decideOn(
    runtime,
    date,
    {
      type: 'QueueParty',
      date,
      partyId,
      name: party.name,
      email: party.email ? normaliseEmail(party.email) : '',
      phone: party.phone ?? '',
      note: party.note ?? '',
      partySize: party.partySize,
      quotedMinutes: minutes.get(partyId) ?? 0,
    },
    context,
  );
  wakeQueueMessages(runtime);
  return { date, partyId };
}

export async function tableReady(runtime: Runtime, id: string, body: { tables?: string[]; holdMinutes?: number }, context: CommandContext) {
  const { date } = await partyOf(runtime, id);
  const holdMinutes = body.holdMinutes ?? DEFAULT_TABLE_READY_HOLD_MINUTES;
  await decideOn(runtime, date, { type: 'SendTableReady', date, partyId: id, holdMinutes, tables: body.tables ?? [] }, context);
  wakeQueueMessages(runtime);
}

export async function seatParty(runtime: Runtime, id: string, body: { tables?: string[]; force?: boolean }, context: CommandContext) {
  const party = await partyOf(runtime, id);
  // Seated already (Seat pressed again): their booking, nothing booked or recorded again.
  if (party.status === 'seated' && party.bookingId) return { id: party.bookingId, tables: party.tables };
  if (party.status !== 'waiting' && party.status !== 'ready') throw new NotFound(QUEUE_PARTY_NOT_FOUND);
  // The tables staff tap now, else those "table ready" named, else the walk-in's best fit.
  const tables = body.tables?.length ? body.tables : party.tables.length ? party.tables : undefined;
  const walkIn = { partySize: party.partySize, name: party.name, ...(tables ? { tables } : {}), ...(body.force ? { force: true } : {}) };
  const booked = await addWalkIn(runtime, walkIn, { ...context, idempotencyKey: `door-queue-${id}` });
  await decideOn(
    runtime,
    party.date,
    { type: 'SeatParty', date: party.date, partyId: id, bookingId: booked.id, tables: booked.tables ?? [] },
    context,
  );
  return booked;
}

export async function markGone(runtime: Runtime, id: string, context: CommandContext) {
  const { date } = await partyOf(runtime, id);
  await decideOn(runtime, date, { type: 'MarkGone', date, partyId: id }, context);
}

/** forget: each day's queue where the guest's data lay records the erasure of every party whose key is gone. */
export async function eraseForgotten(runtime: CommandRuntime, date: string, guestKey: string, context: CommandContext) {
  const { value } = await runPipeline(runtime, context, (tx) =>
    tx.decide(streamOf(doorQueueDecider, doorQueueStream(date)), doorQueueDecider.decide, { type: 'EraseForgotten', date, guestKey }),
  );
  return value.events.length;
}
