import type { TimeContext } from '../clock.js';

/** An event as a decider sees it: a type and its data, before the store gives it a position. */
export interface DomainEvent<Type extends string = string, Data = unknown> {
  type: Type;
  data: Data;
}

/**
 * emmett-style decider: pure functions, time injected through the context. `decide` returns the events
 * to append or throws a DomainError (NotFound, Conflict, DateClosed, InvalidCommand).
 */
export interface Decider<State, Command, Event extends DomainEvent, Context = TimeContext> {
  initialState: () => State;
  evolve: (state: State, event: Event) => State;
  decide: (command: Command, state: State, context: Context) => Event[];
}

/** The state a stream's events fold into: the one fold every loader and test uses. */
export function fold<State, Event extends DomainEvent>(
  decider: Pick<Decider<State, never, Event, never>, 'initialState' | 'evolve'>,
  events: readonly { type: string; data: unknown }[],
): State {
  return events.reduce((state, e) => decider.evolve(state, { type: e.type, data: e.data } as Event), decider.initialState());
}
