import { NotFoundError } from '../platform/errors.js';

// Small helpers the content slices (menu, events, gallery, business info) share.

/** The fields of `changes` that are given and differ from `current` (undefined means "leave as is"). */
export function onlyChanged<T extends object>(current: T, changes: Partial<T>): Partial<T> {
  const out: Partial<T> = {};
  for (const [key, value] of Object.entries(changes) as [keyof T, T[keyof T] | undefined][]) {
    if (value !== undefined && !sameValue(current[key], value)) out[key] = value;
  }
  return out;
}

function sameValue(a: unknown, b: unknown): boolean {
  return a === b || JSON.stringify(a) === JSON.stringify(b);
}

/** Ids travel in URLs and stream names: uuids, or the demo's readable ids. Anything else is not there. */
export function checkId(id: string, notFound: string): string {
  if (!/^[A-Za-z0-9][\w-]{0,63}$/.test(id)) throw new NotFoundError(notFound);
  return id;
}
