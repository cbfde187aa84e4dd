import type { Actor } from '@cafe/contracts';
import type { Logger } from 'pino';
import type { EventStore, Position, RecordedEvent } from '../event-store/event-store.js';
import type { Clock } from '../clock.js';
import type { StreamStates } from './stream-states.js';

/**
 * What a command waits on after its append (read-your-writes): the projection engine, or the projector's
 * checkpoints on the real servers (projections/read-models.ts). Declared here so commands sit below projections.
 */
export interface ReadModelsToWaitFor {
  waitFor(position: Position, timeoutMs?: number): Promise<void>;
}

export interface CommandContext {
  actor: Actor;
  correlationId: string;
  causationId: string;
  /**
   * The events are stored but the read models did not show them in time (the projector is behind or
   * down): the command still succeeds, and the caller is told its lists may lag (the gateway answers
   * with `x-read-models-behind: true`). Never a 500 for a stored write: a guest who retried would book twice.
   */
  onReadModelsBehind?: (error: Error) => void;
  /** The request's Idempotency-Key: a command that creates something gives the same answer to a repeat. */
  idempotencyKey?: string;
}

/** What running a command needs of a process: its event store, clock, zone and the read models to wait for. */
export interface CommandRuntime {
  eventStore: EventStore;
  clock: Clock;
  config: { zone: string; bookingHorizonDays?: number };
  readModels: ReadModelsToWaitFor;
  /** Where the append is logged, with the correlation id the request's log lines carry. */
  logger?: Pick<Logger, 'info'>;
  /** Streams kept in memory between commands (a day's seats, business info); absent: every load reads. */
  states?: StreamStates;
}

/** Upcasters raise old event shapes to the current one as the stream is read. */
export type Upcaster = (event: RecordedEvent) => RecordedEvent;
