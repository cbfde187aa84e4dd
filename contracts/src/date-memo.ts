/**
 * A function of a calendar date (`yyyy-MM-dd`) that remembers its last few thousand answers: a booking
 * asks about its date a dozen times on its way (the contract's schema, its slot, the hours, the rules, its
 * guest link's expiry), at a microsecond a parse. Only a string of a date's length is remembered (a
 * request's long string never is one): `other` answers everything else without being kept.
 */
export function byDate<T>(answer: (isoDate: string) => T, other: T): (isoDate: string) => T {
  const kept = new Map<string, T>();
  return (isoDate) => {
    if (isoDate.length !== 10) return other;
    let value = kept.get(isoDate);
    if (value === undefined && !kept.has(isoDate)) {
      value = answer(isoDate);
      if (kept.size >= 4096) kept.clear();
      kept.set(isoDate, value);
    }
    return value as T;
  };
}
