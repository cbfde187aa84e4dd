/** Composite ids remembered per kind, at most (more than a catch-up page, so each projection of a page finds the last one's). */
const KEPT = 4_096;

const byKind = new Map<string, Map<string, string>>();

/**
 * A read model's id for one thing of a kind, `${kind}:${id}` (a booking's calendar, history, visits,
 * search and report rows). Five projections ask for the same id for each event: a new string each
 * time was hashed afresh by each projection's map of 50,000 documents, a tenth of a replay's time. The
 * last ids built are handed out again, the same string, its hash already known.
 */
export function kindDocId(kind: string, id: string): string {
  let ids = byKind.get(kind);
  if (!ids) byKind.set(kind, (ids = new Map<string, string>()));
  let docId = ids.get(id);
  if (docId === undefined) {
    if (ids.size >= KEPT) ids.clear();
    docId = `${kind}:${id}`;
    ids.set(id, docId);
  }
  return docId;
}
