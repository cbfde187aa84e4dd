import type { z } from 'zod';
import { ValidationError } from '../errors.js';
import { NotFound } from '../commands/domain-errors.js';

/**
 * Parses with a contract schema and turns failure into a 400 whose message is the first issue's,
 * which is the product's message for that field. Used for schemas that depend on "today".
 */
export function parseWith<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value ?? {});
  if (result.success) return result.data;
  throw validationErrorFrom(result.error);
}

export function validationErrorFrom(error: z.ZodError): ValidationError {
  const issues = error.issues.map((i) => ({
    path: i.path.filter((p): p is string | number => typeof p !== 'symbol'),
    message: i.message,
  }));
  return new ValidationError(issues[0]?.message ?? 'Invalid input', issues);
}

/** Ids travel in URLs and stream names: uuids, or the demo's readable ids. Anything else is not there. */
export function checkId(id: string, notFound: string): string {
  if (!/^[A-Za-z0-9][\w-]{0,63}$/.test(id)) throw new NotFound(notFound);
  return id;
}
