import type { GameCopyData, GameFacts, GameLibraryEvent } from '@cafe/contracts';
import { defineProjection } from '../platform/projections/projection.js';
import type { ContentDocMeta } from '../platform/projections/content-projection.js';

export interface GameDoc extends GameFacts, ContentDocMeta {
  copies: GameCopyData[];
  copyCount: number;
  completeCopies: number;
  /** Lower-case title: the list's order. */
  sortTitle: string;
}

type Data<T extends GameLibraryEvent['type']> = Extract<GameLibraryEvent, { type: T }>['data'];

type Uncounted = GameFacts & Pick<ContentDocMeta, '_id' | 'id' | 'createdAt' | 'updatedAt' | 'version'> & { copies: GameCopyData[] };

/** With its copies' counts, so a list never walks copies to say whether a game can be played. */
function counted(doc: Uncounted): GameDoc {
  return {
    ...doc,
    copyCount: doc.copies.length,
    completeCopies: doc.copies.filter((c) => c.condition === 'complete').length,
    sortTitle: doc.title.toLocaleLowerCase('en-US'),
  };
}

/** games read model: one document per game in the library, its copies inside it. */
export const gamesProjection = defineProjection<GameDoc>({
  name: 'games',
  handles: ['GameAdded', 'GameUpdated', 'GameCopyAdded', 'GameCopyConditionChanged', 'GameCopyRemoved', 'GameRemoved'],
  indexes: [{ name: 'games_by_title', key: { sortTitle: 1 } }],
  documentIds: (event) => [(event.data as { gameId: string }).gameId],
  evolve: (doc, event) => {
    const at = event.metadata.occurredAt;
    const version = Number(event.revision);
    switch (event.type) {
      case 'GameAdded': {
        const { gameId, ...fields } = event.data as Data<'GameAdded'>;
        return counted({ _id: gameId, id: gameId, ...fields, createdAt: at, updatedAt: at, version });
      }
      case 'GameUpdated': {
        if (!doc) return null;
        const { gameId: _id, ...changes } = event.data as Data<'GameUpdated'>;
        return counted({ ...doc, ...changes, updatedAt: at, version });
      }
      case 'GameCopyAdded':
      case 'GameCopyConditionChanged': {
        if (!doc) return null;
        const { gameId: _id, ...copy } = event.data as Data<'GameCopyAdded'>;
        const copies =
          event.type === 'GameCopyAdded' ? [...doc.copies, copy] : doc.copies.map((c) => (c.copyId === copy.copyId ? copy : c));
        return counted({ ...doc, copies, updatedAt: at, version });
      }
      case 'GameCopyRemoved': {
        if (!doc) return null;
        const { copyId } = event.data as Data<'GameCopyRemoved'>;
        return counted({ ...doc, copies: doc.copies.filter((c) => c.copyId !== copyId), updatedAt: at, version });
      }
      default:
        return null;
    }
  },
});
