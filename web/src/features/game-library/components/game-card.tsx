import { Card } from '@blueprintjs/core';
import type { PublicGame } from '@cafe/contracts';
import { GAME_UNAVAILABLE } from '@cafe/contracts/game-labels';
import { Link } from 'react-router-dom';
import { complexityText, isAvailable, playersText, timeText } from './game-filters';

/** A game in the list: its facts at a glance, and "Unavailable" when no copy is complete. */
export function GameCard({ game }: { game: PublicGame }) {
  const available = isAvailable(game);
  const time = timeText(game);
  const complexity = complexityText(game);
  return (
    <Card className={`game-card${available ? '' : ' is-unavailable'}`} elevation={1} data-game={game.title}>
      <h2 className="game-card-title">
        <Link to={`/games/${encodeURIComponent(game.id)}`}>{game.title}</Link>
        {game.year !== null ? <span className="game-year"> ({game.year})</span> : null}
      </h2>
      <ul className="game-facts" aria-label="Facts">
        <li>
          {playersText(game)}
          {game.bestAt.length ? ` · best at ${game.bestAt.join(', ')}` : ''}
        </li>
        {time ? <li>{time}</li> : null}
        {complexity ? <li>{complexity}</li> : null}
        {game.minAge !== null ? <li>Ages {game.minAge}+</li> : null}
      </ul>
      <div className="game-tags">
        {available ? null : <span className="games-tag game-unavailable">{GAME_UNAVAILABLE}</span>}
        {game.categories.slice(0, 3).map((c) => (
          <span key={c} className="games-tag">
            {c}
          </span>
        ))}
      </div>
    </Card>
  );
}
