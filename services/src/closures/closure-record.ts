import type { ClosureEvent } from '@cafe/contracts';
import type { CommandContext, CommandRuntime } from '../platform/commands/command-runner.js';
import { appendDecided } from '../platform/commands/command-pipeline.js';
import { fold } from '../platform/commands/decider.js';
import { streamName } from '../platform/event-store/event-store.js';

/** A closure's own record (closure-<id>): what closure-process.ts has done so far, so it can go on from there. */
export const closureStream = (closureId: string) => streamName('closure', closureId);

export type Started = Extract<ClosureEvent, { type: 'ClosureStarted' }>['data'];
export type DaysClosed = Extract<ClosureEvent, { type: 'ClosureDaysClosed' }>['data'];
export type Completed = Extract<ClosureEvent, { type: 'ClosureCompleted' }>['data'];
export type ClosureState =
  | { status: 'none' }
  | { status: 'started'; started: Started }
  | { status: 'closing'; started: Started; days: DaysClosed }
  | { status: 'completed'; started: Started; days: DaysClosed; completed: Completed }
  | { status: 'refused'; started: Started; message: string };

function evolve(state: ClosureState, event: ClosureEvent): ClosureState {
  switch (event.type) {
    case 'ClosureStarted':
      return { status: 'started', started: event.data };
    case 'ClosureDaysClosed':
      return state.status === 'started' ? { status: 'closing', started: state.started, days: event.data } : state;
    case 'ClosureCompleted':
      return state.status === 'closing' ? { ...state, status: 'completed', completed: event.data } : state;
    case 'ClosureRefused':
      return state.status === 'none' ? state : { status: 'refused', started: state.started, message: event.data.message };
  }
}

export async function loadClosure(runtime: CommandRuntime, closureId: string): Promise<{ state: ClosureState }> {
  const recorded = await runtime.eventStore.readStream(closureStream(closureId));
  return { state: fold<ClosureState, ClosureEvent>({ initialState: () => ({ status: 'none' }), evolve }, recorded) };
}

/** Appends one step; the first expects no stream, so two closures never share an id. */
export async function record(runtime: CommandRuntime, closureId: string, event: ClosureEvent, context: CommandContext, first = false) {
  const [result] = await appendDecided(runtime, context, [
    { streamId: closureStream(closureId), events: [event], expectedRevision: first ? 'no_stream' : 'stream_exists' },
  ]);
  return result!;
}
