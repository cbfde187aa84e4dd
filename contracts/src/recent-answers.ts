/**
 * The last answers of a costly function, by key, at most `max` of them; past that they are all let go
 * at once (cheaper than keeping track of the oldest). Asked with get, told with keep: no closure made
 * per ask on the paths that ask most (a booking's dates, its mails' dates and instants, its read-model ids).
 */
export class RecentAnswers<T> {
  private readonly answers = new Map<string, T>();

  constructor(private readonly max: number) {}

  /** The answer kept for `key`, undefined when none is (an answer must never be undefined itself). */
  get(key: string): T | undefined {
    return this.answers.get(key);
  }

  /** Keeps `answer` for `key` and hands it back. */
  keep(key: string, answer: T): T {
    if (this.answers.size >= this.max) this.answers.clear();
    this.answers.set(key, answer);
    return answer;
  }
}

/**
 * A function of a calendar date (`yyyy-MM-dd`) that remembers its last few thousand answers: a booking
 * asks about its date a dozen times on its way (the contract's schema, its slot, the hours, the rules, its
 * guest link's expiry), at a microsecond a parse. Only a string of a date's length is remembered (a
 * request's long string never is one): `other` answers everything else without being kept.
 */
export function byDate<T>(answer: (isoDate: string) => T, other: T): (isoDate: string) => T {
  const kept = new RecentAnswers<T>(4096);
  return (isoDate) => {
    if (isoDate.length !== 10) return other;
    return kept.get(isoDate) ?? kept.keep(isoDate, answer(isoDate));
  };
}
