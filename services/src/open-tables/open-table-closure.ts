import type { OpenTableImpact } from '@cafe/contracts';
import type { DocumentStore } from '../platform/document-store/document-store.js';
import type { ClosurePart } from '../platform/runtime/closure-parts.js';
import { closeTable } from './open-table-commands.js';
import { openTablesProjection, type OpenTableDoc } from './open-tables-projection.js';

const players = (doc: OpenTableDoc) => doc.requests.filter((r) => r.status === 'accepted' || r.status === 'pending').length;

/** The open tables dated from `from` to `to` that have players to tell (accepted, or asking to join). */
async function openTablesInRange(documents: DocumentStore, from: string, to: string): Promise<OpenTableImpact[]> {
  const docs = await documents
    .collection<OpenTableDoc>(openTablesProjection.name)
    .find({ date: { $gte: from, $lte: to } }, { sort: { date: 1, _id: 1 } });
  return docs
    .filter((d) => d.open && d.reservationLive && players(d) > 0)
    .sort((a, b) => a.date.localeCompare(b.date) || a.time.localeCompare(b.time))
    .map((d) => ({
      tableId: d.tableId,
      reservationId: d.reservationId,
      date: d.date,
      time: d.time,
      game: d.game,
      hostFirstName: d.hostFirstName,
      players: players(d),
    }));
}

/**
 * The open tables' part in closing days: the preview lists those with players to tell, and the open
 * tables of the reservations a closure cancelled close with them: each player waiting or accepted is
 * told once why (the table's stream is the progress record: closing a closed table changes nothing, so
 * a resumed closure tells nobody twice).
 */
export const openTableClosure: ClosurePart = {
  openTables: openTablesInRange,
  afterCancelled: async (runtime, cancelled, closureOf, context) => {
    const reservations = new Map(cancelled.filter((b) => b.kind === 'reservation').map((b) => [b.id, b]));
    if (reservations.size === 0) return;
    const dates = [...reservations.values()].map((b) => b.date).sort();
    const docs = await runtime.documents
      .collection<OpenTableDoc>(openTablesProjection.name)
      .find({ date: { $gte: dates[0]!, $lte: dates.at(-1)! } });
    for (const doc of docs) {
      const booking = reservations.get(doc.reservationId);
      if (booking && doc.open) await closeTable(runtime, doc.tableId, context, closureOf(booking));
    }
  },
};
