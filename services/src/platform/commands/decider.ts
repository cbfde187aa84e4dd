import type { TimeContext } from '../clock.js';

/** An event as a decider sees it: a type and its data, before the store gives it a position. */
export interface DomainEvent<Type extends string = string, Data = unknown> {
  type: Type;
  data: Data;
}

/**
 * emmett-style decider: pure functions, time injected through the context.
 * `decide` returns the events to append or throws an HttpError subclass (ConflictError, ValidationError…).
 */
export interface Decider<State, Command, Event extends DomainEvent, Context = TimeContext> {
  initialState: () => State;
  evolve: (state: State, event: Event) => State;
  decide: (command: Command, state: State, context: Context) => Event[];
}

export function fold<State, Event>(evolve: (s: State, e: Event) => State, initial: State, events: Event[]): State {
  return events.reduce(evolve, initial);
}
