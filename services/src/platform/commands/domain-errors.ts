import { STALE_VERSION_CODE, STALE_VERSION_MESSAGE } from '@cafe/contracts';

/**
 * What a decider or a slice's commands may refuse with. The domain names the kind of refusal; the
 * gateway's one error handler (platform/http/error-handler.ts) decides what it means over HTTP.
 */
export abstract class DomainError extends Error {
  abstract readonly kind: 'not-found' | 'conflict' | 'invalid';
  /** Set by refusals a client acts on (answered as `code`), e.g. 'fully-booked'. */
  readonly code?: string;
  constructor(message: string) {
    super(message);
    this.name = new.target.name;
  }
}

/** The thing the command is about does not exist (or no longer does). */
export class NotFound extends DomainError {
  readonly kind = 'not-found' as const;
}

/** The current state refuses the command: it already exists, it was decided, another writer got there first. */
export class Conflict extends DomainError {
  readonly kind = 'conflict' as const;
}

/** Sent at a version someone else has moved on from: the dashboard reloads the booking and shows what changed. */
export class StaleVersion extends Conflict {
  override readonly code = STALE_VERSION_CODE;
  constructor() {
    super(STALE_VERSION_MESSAGE);
  }
}

/** A booking on a day the café is closed: a conflict with the calendar, told apart for the history and tests. */
export class DateClosed extends Conflict {}

/** The command itself breaks a rule whatever the state (a size off the list, a time that is not a slot). */
export class InvalidCommand extends DomainError {
  readonly kind = 'invalid' as const;
  /** Which field is at fault, when the form can point at one. */
  constructor(
    message: string,
    readonly issues?: { path: (string | number)[]; message: string }[],
  ) {
    super(message);
  }
}
