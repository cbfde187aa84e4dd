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

/**
 * For the booking path (a stay lengthened by the longest game asked for, issue 48): the longest playing
 * time, in minutes, of the games with these ids in the library (each its maxPlayTime, else its
 * minPlayTime); null when none of them is in the library with a playing time.
 */
export async function longestPlayingMinutes(documents: DocumentStore, ids: readonly string[]): Promise<number | null> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return null;
  const games = documents.collection<GameDoc>(gamesProjection.name);
  const docs = await Promise.all(unique.map((id) => games.get(id)));
  let longest: number | null = null;
  for (const d of docs) {
    const minutes = d ? (d.maxPlayTime ?? d.minPlayTime) : null;
    if (minutes !== null && minutes !== undefined && (longest === null || minutes > longest)) longest = minutes;
  }
  return longest;
}
