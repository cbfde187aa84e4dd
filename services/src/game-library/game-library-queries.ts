import type { GameSummary } from '@cafe/contracts';
import type { DocumentStore } from '../platform/document-store/document-store.js';
import { gamesProjection, type GameDoc } from './games-projection.js';

/**
 * For other slices (open tables, games on reservations): the games with these ids that are in the library,
 * each with how many copies are complete. Ids not in the library are left out.
 */
export async function gameSummariesByIds(documents: DocumentStore, ids: readonly string[]): Promise<GameSummary[]> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return [];
  const games = documents.collection<GameDoc>(gamesProjection.name);
  const docs = await Promise.all(unique.map((id) => games.get(id)));
  return docs.flatMap((d) => {
    return d
      ? [
          {
            id: d.id,
            title: d.title,
            minPlayers: d.minPlayers,
            maxPlayers: d.maxPlayers,
            copyCount: d.copyCount,
            completeCopies: d.completeCopies,
          },
        ]
      : [];
  });
}
