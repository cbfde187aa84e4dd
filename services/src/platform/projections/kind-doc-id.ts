import { RecentAnswers } from '@cafe/contracts';

/** Ids remembered per kind, at most: more than a catch-up page's events, so every projection taking a page finds the ids the first one built. */
const KEPT = 4_096;

const byKind = new Map<string, RecentAnswers<string>>();

/**
 * A read model's id for one thing of a kind, `${kind}:${id}` (a booking's calendar, history, visits,
 * search and report rows). Five projections ask for the same id for each event: a new string each
 * time was hashed afresh in each projection's map of up to 58,000 documents (that lookup was a seventh
 * of a one-core replay). The last ids built are handed out again, the same string, its hash known.
 */
export function kindDocId(kind: string, id: string): string {
  let ids = byKind.get(kind);
  if (!ids) byKind.set(kind, (ids = new RecentAnswers<string>(KEPT)));
  return ids.get(id) ?? ids.keep(id, `${kind}:${id}`);
}
