/** The fields of `changes` that are given and differ from `current` (undefined means "leave as is"). */
export function onlyChanged<T extends object>(
  current: T,
  changes: Partial<T>,
  same: (before: unknown, after: unknown) => boolean = sameValue,
): Partial<T> {
  const out: Partial<T> = {};
  for (const [key, value] of Object.entries(changes) as [keyof T, T[keyof T] | undefined][]) {
    if (value !== undefined && !same(current[key], value)) out[key] = value;
  }
  return out;
}

/** Plain values by identity, lists and records by their content. */
export function sameValue(a: unknown, b: unknown): boolean {
  return a === b || JSON.stringify(a) === JSON.stringify(b);
}
