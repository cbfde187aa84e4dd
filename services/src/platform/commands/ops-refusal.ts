import { DomainError } from './domain-errors.js';

/**
 * An ops command's refusal (a DomainError: not on the list, already there) is told to the operator and
 * exits 1; anything else is a fault and is thrown.
 */
export function printRefusal(error: unknown, printError: (line: string) => void): number {
  if (!(error instanceof DomainError)) throw error;
  printError(error.message);
  return 1;
}
