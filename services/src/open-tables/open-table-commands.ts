import { randomUUID } from 'node:crypto';
import { OPEN_TABLE_NOT_FOUND, RESERVATION_NOT_FOUND, firstNameOf, normaliseEmail, type BookingClosure } from '@cafe/contracts';
import type { CommandContext, CommandRuntime } from '../platform/commands/command-types.js';
import { runPipeline, streamOf, type CommandTx } from '../platform/commands/command-pipeline.js';
import { NotFound } from '../platform/commands/domain-errors.js';
import { reservationDecider, reservationStream, type ReservationState } from '../reservations/index.js';
import {
  openTableDecider,
  openTableStream,
  tableIdOf,
  type HostReservation,
  type OpenTableCommand,
  type OpenTableState,
} from './open-table-decider.js';

/**
 * Open tables' commands, each through the one pipeline: the table's stream is loaded, decided on and
 * appended with its expected revision. A race (two answers, twenty join requests) is decided again on
 * the fresh stream, up to RETRIES times, so each decision sees the seats the one before it left.
 */
const RETRIES = 50;

function hostOf(reservationId: string, state: ReservationState): HostReservation {
  if (state.status === 'none') throw new NotFound(RESERVATION_NOT_FOUND);
  const { date, time, partySize, email, name } = state.details;
  const live = state.status === 'requested' && state.arrival !== 'no-show';
  return { reservationId, live, date, time, partySize, email, firstName: firstNameOf(name) };
}

const tableSpec = (tableId: string) => streamOf(openTableDecider, openTableStream(tableId));
const loadReservation = (tx: CommandTx, reservationId: string) => tx.load(streamOf(reservationDecider, reservationStream(reservationId)));

/** An open table and its host's reservation as they stand, each loaded once; the table must exist. */
async function loadTableAndHost(tx: CommandTx, tableId: string) {
  const table = await tx.load(tableSpec(tableId));
  if (table.state.status === 'none') throw new NotFound(OPEN_TABLE_NOT_FOUND);
  const { reservationId } = table.state;
  const reservation = await loadReservation(tx, reservationId);
  return { table, reservation, host: hostOf(reservationId, reservation.state) };
}

/** The host (by their link) or staff open a reservation's table, or change its game and seats. */
export async function openTable(
  runtime: CommandRuntime,
  reservationId: string,
  input: { game: string; seats: number },
  context: CommandContext,
) {
  const tableId = tableIdOf(reservationId);
  const { value } = await runPipeline(
    runtime,
    context,
    async (tx) => {
      const reservation = await loadReservation(tx, reservationId);
      const command: OpenTableCommand = { type: 'OpenTable', tableId, ...input, reservation: hostOf(reservationId, reservation.state) };
      // Decided on the reservation as it stands: a cancellation meanwhile fails the append, and it is decided again.
      tx.require(reservation);
      const { version } = await tx.decide(tableSpec(tableId), openTableDecider.decide, command);
      return { id: tableId, version };
    },
    { retriesOnConflict: RETRIES },
  );
  return value;
}

/** A table command that reads only the table's stream. */
async function onTable(runtime: CommandRuntime, tableId: string, command: OpenTableCommand, context: CommandContext) {
  const { value } = await runPipeline(runtime, context, (tx) => tx.decide(tableSpec(tableId), openTableDecider.decide, command), {
    retriesOnConflict: RETRIES,
  });
  return { version: value.version };
}

/** Closed by its host or staff; or by a closure of its day (`closure`), which tells its joiners why. */
export const closeTable = (runtime: CommandRuntime, tableId: string, context: CommandContext, closure?: BookingClosure) =>
  onTable(runtime, tableId, { type: 'CloseTable', ...(closure ? { closure } : {}) }, context);

/** Accepted on the reservation as it stands: its party may have shrunk since the table opened. */
export async function acceptJoin(runtime: CommandRuntime, tableId: string, requestId: string, context: CommandContext) {
  await runPipeline(
    runtime,
    context,
    async (tx) => {
      const { table, reservation, host } = await loadTableAndHost(tx, tableId);
      tx.require(reservation);
      return tx.append(
        table,
        openTableDecider.decide({ type: 'AcceptJoin', requestId, hostPartySize: host.partySize }, table.state, tx.time),
      );
    },
    { retriesOnConflict: RETRIES },
  );
}

export const declineJoin = (runtime: CommandRuntime, tableId: string, requestId: string, context: CommandContext) =>
  onTable(runtime, tableId, { type: 'DeclineJoin', requestId }, context);

/** A visitor asks to join; refused when the table is closed, its reservation gone, or too few seats are left. */
export async function askToJoin(
  runtime: CommandRuntime,
  tableId: string,
  input: { name: string; email: string; partySize: number },
  context: CommandContext,
) {
  // The same Idempotency-Key asks once: the request's id comes from the key.
  const requestId = context.idempotencyKey ? tableIdOf(`join.${tableId}.${context.idempotencyKey}`) : randomUUID();
  await runPipeline(
    runtime,
    context,
    async (tx) => {
      const { table, host } = await loadTableAndHost(tx, tableId);
      const command: OpenTableCommand = {
        type: 'AskToJoin',
        requestId,
        ...input,
        reservationLive: host.live,
        hostPartySize: host.partySize,
      };
      return tx.append(table, openTableDecider.decide(command, table.state, tx.time));
    },
    { retriesOnConflict: RETRIES },
  );
  return { id: requestId, status: 'pending' as const };
}

/**
 * `forget`'s part for open tables (a GuestEraser): on each table stream holding the guest's sealed data,
 * every join request whose e-mail now reads erased (their key is gone) or is theirs in plain text gets
 * its erasure event; the request stays, with its size and answer, so the seats count the same.
 */
export async function eraseJoiner(
  runtime: CommandRuntime,
  guest: { guestKey: string; email: string; streams: readonly string[] },
  context: CommandContext,
): Promise<number> {
  const target = normaliseEmail(guest.email);
  let erased = 0;
  for (const streamId of guest.streams.filter((s) => s.startsWith(openTableStream('')))) {
    const tableId = streamId.slice(openTableStream('').length);
    const { value } = await runPipeline(
      runtime,
      context,
      async (tx) => {
        const table = await tx.load(streamOf(openTableDecider, streamId));
        if (table.state.status === 'none') return 0;
        const theirs = Object.entries(table.state.requests).filter(
          ([, r]) => !r.erased && (r.email === '' || normaliseEmail(r.email) === target),
        );
        let state: OpenTableState = table.state;
        const events = theirs.flatMap(([requestId]) => {
          const decided = openTableDecider.decide({ type: 'EraseJoiner', requestId, guestKey: guest.guestKey }, state, tx.time);
          for (const event of decided) state = openTableDecider.evolve(state, event);
          return decided;
        });
        tx.append(table, events);
        return events.length;
      },
      { retriesOnConflict: RETRIES, commandId: `${context.correlationId}.${tableId}` },
    );
    erased += value;
  }
  return erased;
}
