import type { FastifyReply, FastifyRequest } from 'fastify';
import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import type { DetailsChange, ReservationDetails } from '@cafe/contracts';
import { loadState } from '../platform/commands/command-handler.js';
import type { Decider, DomainEvent } from '../platform/commands/decider.js';
import { runCommand, type CommandRuntime } from '../platform/commands/run-command.js';
import { NotFoundError } from '../platform/errors.js';
import { notFoundOverConflict, parseIfMatch, sendVersion } from '../platform/http/if-match.js';
import { parseWith } from '../platform/http/validation.js';
import { closedReason } from '../blocked-dates/blocked-date-decider.js';
import { clearsSpecialRequests } from './booking-details.js';

/** The route flows reservations and party bookings share; what differs is told by a BookingKind. */
export interface BookingKind<State, Command, Event extends DomainEvent> {
  decider: Decider<State, Command, Event>;
  stream: (id: string) => string;
  notFound: string;
  /** The stored details while the booking can still be changed; null when there is none to change. */
  liveDetails: (state: State) => ReservationDetails | null;
}

/**
 * The flows bound to one process and one kind of booking. Built inside the routes plugin, so the
 * commands the routes pass in are typed by the kind's decider.
 */
export function bookingFlows<State, Command, Event extends DomainEvent>(
  runtime: CommandRuntime,
  kind: BookingKind<State, Command, Event>,
) {
  /** A new booking on its own stream, refused on a closed day; answers 201 {id, version} with the version as ETag. */
  async function request(
    req: FastifyRequest,
    reply: FastifyReply,
    date: string,
    command: (id: string, closedReason: string | null) => Command,
  ) {
    const id = randomUUID();
    const reason = await closedReason(runtime.eventStore, date);
    const result = await runCommand(runtime, kind.decider, kind.stream(id), command(id, reason), req.commandContext());
    sendVersion(reply, result.version);
    return reply.status(201).send({ id, version: result.version });
  }

  /**
   * A command on an existing booking under If-Match: a stale version is 409, or 404 when the booking
   * is not there at all. Answers {id, version} with the new version as ETag.
   */
  async function commandOn(
    req: FastifyRequest,
    reply: FastifyReply,
    id: string,
    command: Command,
    expectedVersion: number | undefined,
  ): Promise<{ id: string; version: number }> {
    const stream = kind.stream(id);
    const result = await notFoundOverConflict(runtime.eventStore, stream, expectedVersion, kind.notFound, () =>
      runCommand(runtime, kind.decider, stream, command, req.commandContext(), { expectedVersion }),
    );
    sendVersion(reply, result.version);
    return { id, version: result.version };
  }

  /**
   * The staff Edit dialogs. Absent fields stay as they are, '' or null clears special requests, and a
   * new date or time is checked against closed days; If-Match guards lost updates.
   */
  async function changeDetails<D extends ReservationDetails>(
    req: FastifyRequest,
    reply: FastifyReply,
    id: string,
    schema: z.ZodType<Partial<D>>,
    command: (changes: DetailsChange<D>, closedReason: string | null) => Command,
  ): Promise<{ id: string; version: number }> {
    let version = parseIfMatch(req);
    const input = parseWith(schema, req.body);
    const changes: DetailsChange<D> = { ...input };
    if (clearsSpecialRequests(req.body, input)) changes.specialRequests = null;
    let date = changes.date;
    if (date === undefined && changes.time !== undefined) {
      // A new time on the stored date: read the date, and pin the version so it cannot move meanwhile.
      const loaded = await loadState(runtime.eventStore, kind.decider, kind.stream(id));
      const stored = kind.liveDetails(loaded.state);
      if (!stored) throw new NotFoundError(kind.notFound);
      date = stored.date;
      version ??= loaded.version;
    }
    const reason = date === undefined ? null : await closedReason(runtime.eventStore, date);
    return commandOn(req, reply, id, command(changes, reason), version);
  }

  return { request, commandOn, changeDetails };
}
