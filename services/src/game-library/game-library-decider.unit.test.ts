import { describe, expect, it } from 'vitest';
import {
  GAME_COPY_NOT_FOUND,
  GAME_NOT_FOUND,
  GAME_TITLE_TAKEN,
  SKIP_NOT_OWNED,
  gameFactsSchema,
  gameSchema,
  type GameLibraryEvent,
} from '@cafe/contracts';
import { deciderSpec, WEDNESDAY } from '../../test/decider-spec.js';
import { Conflict, NotFound } from '../platform/commands/domain-errors.js';
import { gameLibraryDecider } from './game-library-decider.js';
import { readBggCollection } from './bgg-csv.js';
import { bggCollectionCsv, fixtureGame } from './bgg-csv-fixture.js';

const library = deciderSpec(gameLibraryDecider, WEDNESDAY);
const catanFields = gameSchema.parse({
  title: 'Catan',
  minPlayers: 3,
  maxPlayers: 4,
  bestAt: [4],
  minPlayTime: 60,
  maxPlayTime: 120,
  complexity: 2.3,
  minAge: 10,
  year: 1995,
  categories: ['Trading'],
  copies: [{ condition: 'complete' }, { condition: 'missing pieces', notes: 'one road short' }],
});
const { copies: _copies, ...catanFacts } = catanFields;
const catanAdded: GameLibraryEvent = {
  type: 'GameAdded',
  data: {
    gameId: 'catan',
    ...catanFacts,
    copies: [
      { copyId: 'c1', condition: 'complete', notes: '' },
      { copyId: 'c2', condition: 'missing pieces', notes: 'one road short' },
    ],
  },
};

describe('game library decider', () => {
  it('given nothing, when a game is added with two copies, then GameAdded with the copies and their ids', () => {
    library
      .given([])
      .when({ type: 'AddGame', gameId: 'catan', fields: catanFields, copyIds: ['c1', 'c2'] })
      .then([catanAdded]);
  });

  it('given Catan, when another game titled "catan " is added, then 409 (titles are unique)', () => {
    library
      .given([catanAdded])
      .when({ type: 'AddGame', gameId: 'other', fields: { ...catanFields, title: 'catan ' }, copyIds: [] })
      .thenThrows(Conflict, GAME_TITLE_TAKEN);
  });

  it('given Catan, when updated with one changed fact, then GameUpdated with that fact only; unchanged, then nothing', () => {
    const facts = gameFactsSchema.parse({ ...catanFacts, complexity: 2.32 });
    library
      .given([catanAdded])
      .when({ type: 'UpdateGame', gameId: 'catan', facts })
      .then([{ type: 'GameUpdated', data: { gameId: 'catan', complexity: 2.32 } }]);
    library.given([catanAdded]).when({ type: 'UpdateGame', gameId: 'catan', facts: catanFacts }).thenNothing();
  });

  it('given Catan, when a copy is marked missing pieces, then GameCopyConditionChanged; the same again, then nothing', () => {
    const change = { condition: 'missing pieces' as const, notes: 'lost the robber' };
    const changed: GameLibraryEvent = {
      type: 'GameCopyConditionChanged',
      data: { gameId: 'catan', copyId: 'c1', condition: 'missing pieces', notes: 'lost the robber' },
    };
    library.given([catanAdded]).when({ type: 'ChangeGameCopy', gameId: 'catan', copyId: 'c1', change }).then([changed]);
    library.given([catanAdded, changed]).when({ type: 'ChangeGameCopy', gameId: 'catan', copyId: 'c1', change }).thenNothing();
    expect(
      library
        .given([catanAdded, changed])
        .state()
        .games.get('catan')!
        .copies.map((c) => c.condition),
    ).toEqual(['missing pieces', 'missing pieces']);
  });

  it('given Catan, when a copy that does not exist changes or a removed game is updated, then 404', () => {
    library
      .given([catanAdded])
      .when({ type: 'ChangeGameCopy', gameId: 'catan', copyId: 'nope', change: { condition: 'complete' } })
      .thenThrows(NotFound, GAME_COPY_NOT_FOUND);
    library
      .given([catanAdded, { type: 'GameRemoved', data: { gameId: 'catan' } }])
      .when({ type: 'UpdateGame', gameId: 'catan', facts: catanFacts })
      .thenThrows(NotFound, GAME_NOT_FOUND);
  });

  it('given Catan, when a copy is added and one removed, then GameCopyAdded / GameCopyRemoved', () => {
    library
      .given([catanAdded])
      .when({ type: 'AddGameCopy', gameId: 'catan', copyId: 'c3', copy: { condition: 'out for repair', notes: '' } })
      .then([{ type: 'GameCopyAdded', data: { gameId: 'catan', copyId: 'c3', condition: 'out for repair', notes: '' } }]);
    library
      .given([catanAdded])
      .when({ type: 'RemoveGameCopy', gameId: 'catan', copyId: 'c2' })
      .then([{ type: 'GameCopyRemoved', data: { gameId: 'catan', copyId: 'c2' } }]);
  });

  describe('import', () => {
    const rows = (games: ReturnType<typeof fixtureGame>[]) => readBggCollection(bggCollectionCsv(games));
    const one = fixtureGame(1);

    it('given nothing, when a file with an owned and a wishlist row is imported, then one GameAdded and the summary', () => {
      const events = library.given([]).when({ type: 'ImportLibrary', fileName: 'c.csv', rows: rows([one, fixtureGame(2, 0)]) });
      events.then([
        {
          type: 'GameAdded',
          data: {
            gameId: 'bgg-100001',
            title: 'Game 1',
            minPlayers: 2,
            maxPlayers: 4,
            bestAt: [4],
            minPlayTime: 30,
            maxPlayTime: 60,
            complexity: 1.1,
            minAge: 9,
            year: 1991,
            categories: [],
            description: '',
            imageUrl: null,
            bggId: 100001,
            copies: [{ copyId: 'bgg-100001-c1', condition: 'complete', notes: '' }],
          },
        },
        { type: 'GameLibraryImported', data: { fileName: 'c.csv', added: 1, updated: 0, skipped: 1 } },
      ]);
    });

    it('given the file imported, when it is imported again, then nothing', () => {
      const [added] = gameLibraryDecider.decide(
        { type: 'ImportLibrary', fileName: 'c.csv', rows: rows([one]) },
        gameLibraryDecider.initialState(),
        WEDNESDAY,
      );
      library
        .given([added!])
        .when({ type: 'ImportLibrary', fileName: 'c.csv', rows: rows([one]) })
        .thenNothing();
    });

    it('given Catan added by staff, when the file has Catan by title, then GameUpdated with the imported facts only (description and categories stay)', () => {
      const catanRow = {
        ...fixtureGame(3),
        title: 'Catan',
        objectid: 13,
        minplayers: 3,
        maxplayers: 4,
        avgweight: 2.3,
        bggbestplayers: '4',
      };
      const [update] = gameLibraryDecider.decide(
        { type: 'ImportLibrary', fileName: 'c.csv', rows: rows([catanRow]) },
        library.given([catanAdded]).state(),
        WEDNESDAY,
      );
      expect(update).toEqual({
        type: 'GameUpdated',
        data: { gameId: 'catan', minPlayTime: 60, maxPlayTime: 90, minAge: 11, year: 1993, bggId: 13 },
      });
    });

    it('skips rows not owned and explains rows it cannot read', () => {
      const state = gameLibraryDecider.initialState();
      const bad = { ...fixtureGame(4), minplayers: 0, maxplayers: 0 };
      const events = gameLibraryDecider.decide(
        { type: 'ImportLibrary', fileName: 'c.csv', rows: rows([bad, fixtureGame(5, 0)]) },
        state,
        WEDNESDAY,
      );
      expect(events).toEqual([]);
      const parsed = rows([bad]);
      expect(parsed[0]).toMatchObject({ facts: null, invalid: expect.stringContaining('minPlayers') });
      expect(SKIP_NOT_OWNED).toContain('own');
    });
  });
});
