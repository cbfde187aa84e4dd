import type { z } from 'zod';
import { ValidationError } from '../errors.js';
import { NotFound } from '../commands/domain-errors.js';

/**
 * Parses with a contract schema and turns failure into a 400 whose message is the first issue's,
 * which is the product's message for that field. A missing body reads as `{}`.
 */
export function parseWith<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const checked = checkWith(schema, value);
  if ('error' in checked) throw checked.error;
  return checked.value;
}

/** parseWith as a Fastify validator answers: the parsed value, or the 400 (an Error passes unchanged to the error handler). */
export function checkWith<S extends z.ZodType>(schema: S, value: unknown): { value: z.output<S> } | { error: ValidationError } {
  const result = schema.safeParse(value ?? {});
  return result.success ? { value: result.data } : { error: validationErrorFrom(result.error) };
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
