import type { Actor, ClosureEvent } from '@cafe/contracts';
import type { CommandContext, CommandRuntime } from '../platform/commands/command-runner.js';
import { runPipeline, type StreamSpec } from '../platform/commands/command-pipeline.js';
import type { Decider } from '../platform/commands/decider.js';
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

/**
 * Each step is recorded once, in order: the process names the step it reached (the command is that
 * step's event), and a step already recorded (the same closure run at once by the resume and a re-send)
 * records nothing.
 */
export const closureDecider: Decider<ClosureState, ClosureEvent, ClosureEvent> = {
  initialState: () => ({ status: 'none' }),
  evolve: (state, event) => {
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
  },
  decide: (step, state) => {
    const next: Record<ClosureEvent['type'], ClosureState['status']> = {
      ClosureStarted: 'none',
      ClosureDaysClosed: 'started',
      ClosureRefused: 'started',
      ClosureCompleted: 'closing',
    };
    return state.status === next[step.type] ? [step] : [];
  },
};

/**
 * The record as a command loads it: kept in memory between the process's steps (so each step reads
 * nothing), taking no turn; a new closure's stream must not exist yet, so two closures never share an id.
 */
export const closureSpec = (closureId: string, fresh = false): StreamSpec<ClosureState, ClosureEvent> => ({
  streamId: closureStream(closureId),
  initialState: closureDecider.initialState,
  evolve: closureDecider.evolve,
  cached: true,
  turns: false,
  ...(fresh ? { fresh } : {}),
});

/** The process loads its own record to go on from where it stopped. */
export async function loadClosure(runtime: CommandRuntime, closureId: string, context: CommandContext): Promise<ClosureState> {
  const { value } = await runPipeline(runtime, context, async (tx) => (await tx.load(closureSpec(closureId))).state, {
    waitForReadModels: false,
  });
  return value;
}

/** Who started a closure (a closure resumed at start-up acts as them); null when it has no record. */
export async function startedBy(runtime: CommandRuntime, closureId: string): Promise<Actor | null> {
  const [started] = await runtime.eventStore.readStream(closureStream(closureId), { maxCount: 1 });
  return started ? started.metadata.actor : null;
}

/** Records the step the process reached, one decision on the record; answers the record after it. */
export async function record(runtime: CommandRuntime, closureId: string, step: ClosureEvent, context: CommandContext) {
  const { value } = await runPipeline(
    runtime,
    context,
    async (tx) => {
      const stream = await tx.load(closureSpec(closureId, step.type === 'ClosureStarted'));
      const events = closureDecider.decide(step, stream.state, tx.time);
      tx.append(stream, events);
      return events.reduce(closureDecider.evolve, stream.state);
    },
    // Two runners of one closure at once: the one that comes second decides again on the record as it is.
    { retriesOnConflict: 3, waitForReadModels: false },
  );
  return value;
}
