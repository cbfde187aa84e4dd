import type { EventMetadata } from '@cafe/contracts';
import { isWrongExpectedRevision, type NewEvent } from '../event-store/event-store.js';
import { timeContext, type TimeContext } from '../clock.js';
import { Conflict } from './domain-errors.js';
import { STALE_VERSION_MESSAGE, type CommandContext, type CommandResult, type CommandRuntime } from './command-runner.js';
import { fold, type Decider, type DomainEvent } from './decider.js';

interface Pending<Command, Event extends DomainEvent> {
  command: Command;
  context: CommandContext;
  resolve: (result: CommandResult<Event>) => void;
  reject: (error: unknown) => void;
}

/**
 * Commands on a stream many writers contend for (a day's seats), decided in batches: while one append
 * is in flight, the commands that arrive queue; the next turn reads the stream once, decides them in
 * arrival order on the evolving state (a refusal fails only its own command) and appends all their
 * events in one append with the expected revision, each with its own command's metadata. A conflict
 * with another process decides the whole batch again on the fresh state. Callers wait for no read
 * model: the booking appended after its seats does.
 */
export function batchedCommands<State, Command, Event extends DomainEvent>(
  decider: Decider<State, Command, Event, TimeContext>,
  retriesOnConflict: number,
) {
  const queues = new Map<string, Pending<Command, Event>[]>();

  async function drain(runtime: CommandRuntime, streamId: string): Promise<void> {
    for (;;) {
      const batch = queues.get(streamId)!;
      if (batch.length === 0) {
        queues.delete(streamId);
        return;
      }
      queues.set(streamId, []);
      try {
        await decideAndAppend(runtime, streamId, batch);
      } catch (error) {
        // The stream could not be read: this batch fails, the next one tries afresh.
        for (const pending of batch) pending.reject(error);
      }
    }
  }

  async function decideAndAppend(runtime: CommandRuntime, streamId: string, batch: Pending<Command, Event>[]): Promise<void> {
    for (let retries = retriesOnConflict; ; retries--) {
      const recorded = await runtime.eventStore.readStream(streamId);
      let state = fold<State, Event>(decider, recorded);
      const time = timeContext(runtime.clock, runtime.config.zone, runtime.config.bookingHorizonDays);
      const decided: { pending: Pending<Command, Event>; events: Event[] }[] = [];
      const refused: { pending: Pending<Command, Event>; error: unknown }[] = [];
      for (const pending of batch) {
        try {
          const events = decider.decide(pending.command, state, time);
          state = events.reduce(decider.evolve, state);
          decided.push({ pending, events });
        } catch (error) {
          refused.push({ pending, error });
        }
      }
      const current = recorded.length ? recorded[recorded.length - 1]!.revision : null;
      const toAppend: NewEvent[] = decided.flatMap(({ pending, events }) => {
        const metadata: EventMetadata = {
          occurredAt: time.now.toISOString(),
          actor: pending.context.actor,
          correlationId: pending.context.correlationId,
          causationId: pending.context.causationId,
        };
        return events.map((e) => ({ type: e.type, data: e.data, metadata }));
      });
      try {
        const appended =
          toAppend.length === 0
            ? null
            : await runtime.eventStore.appendToStream(streamId, toAppend, { expectedRevision: current === null ? 'no_stream' : current });
        let revision = Number(current ?? -1n);
        for (const { pending, events } of decided) {
          revision += events.length;
          if (appended && events.length) {
            // The same line a single command logs, under each command's own correlation id.
            runtime.logger?.info(
              {
                correlationId: pending.context.correlationId,
                stream: streamId,
                events: events.map((e) => e.type),
                position: appended.position.toString(),
                actor: pending.context.actor.kind,
              },
              'events appended',
            );
          }
          pending.resolve({ events, version: revision, position: events.length && appended ? appended.position : null });
        }
        for (const { pending, error } of refused) pending.reject(error);
        return;
      } catch (error) {
        if (isWrongExpectedRevision(error) && retries > 0) continue;
        const failure = isWrongExpectedRevision(error) ? new Conflict(STALE_VERSION_MESSAGE) : error;
        for (const pending of batch) pending.reject(failure);
        return;
      }
    }
  }

  return function run(runtime: CommandRuntime, streamId: string, command: Command, context: CommandContext): Promise<CommandResult<Event>> {
    return new Promise((resolve, reject) => {
      const queue = queues.get(streamId);
      if (queue) {
        queue.push({ command, context, resolve, reject });
        return;
      }
      queues.set(streamId, [{ command, context, resolve, reject }]);
      void drain(runtime, streamId);
    });
  };
}
