import { Card, Spinner } from '@blueprintjs/core';
import { GAME_UNAVAILABLE } from '@cafe/contracts/game-labels';
import { Link, useParams } from 'react-router-dom';
import { usePageTitle } from '../../../lib/use-page-title';
import { useSiteInfo } from '../../../lib/business-info';
import { useGames } from '../api/get-games';
import { complexityText, isAvailable, playersText, timeText } from './game-filters';
import { PageFrame } from './page-frame';
import { PublicPageTitle } from '../../../components/layout/public-page-header';

/** /games/:id: one game's facts, whether a copy is ready to play, and the way back to the library. */
export default function GamePage() {
  const { id = '' } = useParams();
  const site = useSiteInfo();
  const games = useGames();
  const game = games.data?.find((g) => g.id === id);
  usePageTitle(game?.title ?? 'Game', site);
  const back = (
    <Link className="text-link" to="/games">
      All games
    </Link>
  );
  if (games.isPending) return <PageFrame back={back}>{<Spinner aria-label="Loading the game" />}</PageFrame>;
  if (!game)
    return (
      <PageFrame back={back}>
        <PublicPageTitle eyebrow="Game library" title="Game not found" />
        <p className="muted">
          {games.isError ? 'The library could not be loaded. Please try again later.' : 'This game is not in our library.'}
        </p>
      </PageFrame>
    );
  const available = isAvailable(game);
  const time = timeText(game);
  const complexity = complexityText(game);
  return (
    <PageFrame back={back}>
      <article className="game-detail">
        <PublicPageTitle eyebrow="Game library" title={game.title} />
        <Card className={`game-detail-card${game.imageUrl ? ' has-image' : ''}`} elevation={1}>
          {game.imageUrl ? <img className="game-image" src={game.imageUrl} alt={`The box of ${game.title}`} loading="lazy" /> : null}
          <div className="game-detail-body">
            <p className="game-availability">
              {available ? (
                <span className="games-tag games-tag-large game-available">
                  {game.completeCopies === 1 ? 'Available: 1 copy' : `Available: ${game.completeCopies} copies`}
                </span>
              ) : (
                <span className="games-tag games-tag-large game-unavailable">{GAME_UNAVAILABLE}</span>
              )}
            </p>
            {game.description ? <p className="game-description">{game.description}</p> : null}
            <dl className="game-detail-facts">
              <dt>Players</dt>
              <dd>
                {playersText(game)}
                {game.bestAt.length ? ` (best at ${game.bestAt.join(', ')})` : ''}
              </dd>
              {time ? (
                <>
                  <dt>Play time</dt>
                  <dd>{time}</dd>
                </>
              ) : null}
              {complexity ? (
                <>
                  <dt>Complexity</dt>
                  <dd>{complexity.replace('Complexity ', '')}</dd>
                </>
              ) : null}
              {game.minAge !== null ? (
                <>
                  <dt>Ages</dt>
                  <dd>{game.minAge}+</dd>
                </>
              ) : null}
              {game.year !== null ? (
                <>
                  <dt>Published</dt>
                  <dd>{game.year}</dd>
                </>
              ) : null}
            </dl>
            {game.categories.length ? (
              <div className="game-tags" aria-label="Categories">
                {game.categories.map((c) => (
                  <span key={c} className="games-tag">
                    {c}
                  </span>
                ))}
              </div>
            ) : null}
            <p className="muted">
              {available
                ? 'Ask our staff at the counter, or reserve a table and we will set it out.'
                : 'Every copy is missing pieces or out for repair right now. Ask our staff for something similar.'}
            </p>
            {/* The way on: the landing page's reservation form (its top bar scrolls to the section in the address). */}
            <p className="game-detail-actions">
              <Link className="games-button" to="/#reservations">
                Reserve a table
              </Link>
            </p>
          </div>
        </Card>
      </article>
    </PageFrame>
  );
}
