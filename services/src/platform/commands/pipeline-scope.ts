import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * Which pipeline attempt the running code belongs to, so a check (the one-door test) can tell a stream
 * read by `tx.load` from one a route or command made itself, and count how often commands were decided.
 * Costs one AsyncLocalStorage context per attempt; nothing else reads it.
 */
export interface PipelineAttempt {
  /** The request's correlation id. */
  readonly correlationId: string;
  /** 1 for the first attempt, 2 for the first run again after a conflict or a stale memory... */
  readonly number: number;
}

const attempts = new AsyncLocalStorage<PipelineAttempt>();
const listeners = new Set<(attempt: PipelineAttempt) => void>();

export const pipelineScope = {
  /** The attempt the caller runs in (its decision and the reads it made); undefined outside the pipeline. */
  current: (): PipelineAttempt | undefined => attempts.getStore(),
  /** Calls `listener` as each attempt starts (one attempt is one decision); answers the unsubscribe. */
  onAttempt(listener: (attempt: PipelineAttempt) => void): () => void {
    listeners.add(listener);
    return () => void listeners.delete(listener);
  },
};

/** Runs one attempt's work inside its scope (the pipeline's own use). */
export function inAttempt<R>(attempt: PipelineAttempt, work: () => R): R {
  for (const listener of listeners) listener(attempt);
  return attempts.run(attempt, work);
}

/** More work of an attempt already announced (its verification reads): in its scope, not counted again. */
export function inScope<R>(attempt: PipelineAttempt, work: () => R): R {
  return attempts.run(attempt, work);
}
