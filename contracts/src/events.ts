/**
 * Event shapes shared by services (deciders, projections) and anything that reads history.
 * Names are past tense; data is plain JSON; metadata is the audit trail.
 */
export type Actor =
  | { kind: 'visitor' }
  /** A guest acting through the signed link of their booking's e-mail (no account, no session). */
  | { kind: 'guest' }
  | { kind: 'admin'; email: string; userId: string }
  | { kind: 'system'; name: string };

export interface EventMetadata {
  /** ISO instant the command was decided. */
  occurredAt: string;
  actor: Actor;
  /** The request id that caused the command. */
  correlationId: string;
  /** The id of the message (request or event) that directly caused this event. */
  causationId: string;
  /** Version of the event's data shape; upcasters raise old versions. */
  schemaVersion?: number;
}

export function actorLabel(actor: Actor): string {
  switch (actor.kind) {
    case 'visitor':
      return 'visitor';
    case 'guest':
      return 'guest';
    case 'admin':
      return actor.email;
    case 'system':
      return `system (${actor.name})`;
  }
}
