// SQL text for the embedded store's field indexes and the filter bounds they serve, apart from the
// store so the translation of a filter to SQL can be read (and checked) on its own.

export function indexName(collection: string, field: string): string {
  return `documents_${collection}_${field}`;
}

/** A SQL string literal. */
export function sqlText(value: string): string {
  return `'${value.replaceAll("'", "''")}'`;
}

/** A SQL identifier. */
export function sqlName(value: string): string {
  return `"${value.replaceAll('"', '""')}"`;
}

/** Only plain names become part of an index's expression (`json_extract(body, '$.<field>')`). */
export function assertIndexable(collection: string, field: string): void {
  if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(field)) throw new Error(`Cannot index ${collection}.${field}`);
}

export type Bound = [op: '=' | '>=' | '>' | '<=' | '<', value: string | number];
const OPERATORS = { $eq: '=', $gte: '>=', $gt: '>', $lte: '<=', $lt: '<' } as const;

/**
 * A field condition as SQL bounds, when it is a plain equality or range on a string or number, or
 * null. The bounds select a superset of what mingo matches on a scalar field: numbers and strings
 * compare within their own type in both, and a missing field (SQL NULL) matches no bound in either.
 */
export function boundsOf(condition: unknown): Bound[] | null {
  const scalar = (v: unknown): v is string | number => typeof v === 'string' || (typeof v === 'number' && Number.isFinite(v));
  if (scalar(condition)) return [['=', condition]];
  if (!condition || typeof condition !== 'object' || Array.isArray(condition)) return null;
  const bounds: Bound[] = [];
  for (const [op, value] of Object.entries(condition)) {
    if (!(op in OPERATORS) || !scalar(value)) return null;
    bounds.push([OPERATORS[op as keyof typeof OPERATORS], value]);
  }
  return bounds.length ? bounds : null;
}
