import { Icon, Tag } from '@blueprintjs/core';
import type { ReservationGames } from '../../api/reservation-games';
import './requested-games.css';

/** A reservation's games (the warning on each whose complete copies are all asked for at that time) and "Teach us". */
export function RequestedGames({ games }: { games: ReservationGames | undefined }) {
  if (!games || (games.games.length === 0 && !games.teachUs)) return <span className="cell-muted">None</span>;
  return (
    <div className="requested-games">
      <ul aria-label="Requested games">
        {games.games.map((game) => (
          <li key={game.id}>
            <span>{game.title}</span>
            {game.warning ? (
              <span className="requested-game-warning" role="note">
                <Icon icon="warning-sign" intent="warning" size={14} aria-hidden /> {game.warning}
              </span>
            ) : null}
          </li>
        ))}
      </ul>
      {games.teachUs ? (
        <Tag minimal round intent="primary">
          Teach us
        </Tag>
      ) : null}
    </div>
  );
}
