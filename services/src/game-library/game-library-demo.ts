import { gameSchema } from '@cafe/contracts';
import { parseWith } from '../platform/http/validation.js';
import { laterPosition, type DemoPart } from '../platform/runtime/demo-part.js';
import { addGame } from './game-library-commands.js';
import { DEMO_GAMES } from './demo-games.js';

/** Adds the demo's starter library (demo-games.ts), each game under its fixed id (bgg-<BoardGameGeek id>). */
export const gameLibraryDemo: DemoPart = {
  async seed(runtime, context) {
    let position = null;
    for (const { id, game } of DEMO_GAMES) {
      position = laterPosition(position, (await addGame(runtime, parseWith(gameSchema, game), context, id)).result.position);
    }
    return { counts: { games: DEMO_GAMES.length }, told: `${DEMO_GAMES.length} games`, position };
  },
};
