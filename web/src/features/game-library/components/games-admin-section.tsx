import { Button, Card, InputGroup, Tag } from '@blueprintjs/core';
import { GAME_UNAVAILABLE, type StaffGame } from '@cafe/contracts';
import { useMemo, useState } from 'react';
import { ConfirmAlert } from '../../../components/confirm-alert';
import { QueryStates } from '../../../components/content-states';
import { PlusIcon } from '../../../components/content-icons';
import { EditDeleteActions } from '../../../components/edit-delete-actions';
import { useAdminGames } from '../api/get-games';
import { useRemoveGame } from '../api/manage-games';
import { GameDialog, type GameTarget } from './game-dialog';
import { GameImport } from './game-import';
import { playersText, timeText } from './game-filters';
import './games.css';

const SHOWN = 100;

/** A unit never splits from its number on a phone ('1 of / 1 copy'): the spaces inside each part do not break. */
const keep = (text: string) => text.replace(/ /g, '\u00a0');

function detailsText(game: StaffGame): string {
  const time = timeText(game);
  const copies = `${game.completeCopies} of ${game.copyCount} ${game.copyCount === 1 ? 'copy' : 'copies'} complete`;
  return [playersText(game), time, game.complexity !== null ? `${game.complexity.toFixed(2)} / 5` : null, copies]
    .filter((part): part is string => Boolean(part))
    .map(keep)
    .join(' · ');
}

/** The dashboard's Games section: the import, then the library (searchable), each game with edit (facts and copies) and remove. */
export default function GamesAdminSection() {
  const games = useAdminGames();
  const [target, setTarget] = useState<GameTarget>(null);
  const [removing, setRemoving] = useState<StaffGame | null>(null);
  const [search, setSearch] = useState('');
  const remove = useRemoveGame({ onSettled: () => setRemoving(null) });
  const all = games.data;
  const list = useMemo(() => (all ?? []).filter((g) => g.title.toLowerCase().includes(search.trim().toLowerCase())), [all, search]);
  return (
    <div className="content-section games-admin">
      <div className="content-area-head">
        <h2>Games</h2>
        <Button intent="primary" icon={<PlusIcon />} text="Add Game" onClick={() => setTarget('new')} />
      </div>
      <GameImport />
      <InputGroup type="search" aria-label="Find a game" placeholder="Find a game by title" value={search} onValueChange={setSearch} />
      <QueryStates
        pending={games.isPending}
        error={games.isError}
        onRetry={() => void games.refetch()}
        what="the games"
        skeleton={{ count: 3, className: 'games-admin-list' }}
        empty={{
          when: (all ?? []).length === 0,
          title: 'No games yet',
          description: 'Add a game or import your BoardGameGeek collection.',
        }}
      >
        {() => (
          <>
            <p className="muted">
              {list.length} of {all!.length} games
            </p>
            {/* One card, a row per game on --line dividers: a card each was ~100 px for one line of details. */}
            <Card className="games-admin-card" elevation={1}>
              <ul className="games-admin-list" aria-label="Games">
                {list.slice(0, SHOWN).map((game) => (
                  <li key={game.id} className="games-admin-row">
                    <div className="games-admin-what">
                      <h3>{game.title}</h3>
                      <p className="muted">
                        {detailsText(game)}
                        {game.completeCopies === 0 ? (
                          <>
                            {' '}
                            <Tag intent="danger" minimal>
                              {GAME_UNAVAILABLE}
                            </Tag>
                          </>
                        ) : null}
                      </p>
                    </div>
                    <EditDeleteActions name={game.title} onEdit={() => setTarget(game)} onDelete={() => setRemoving(game)} />
                  </li>
                ))}
              </ul>
            </Card>
            {list.length > SHOWN ? <p className="muted">Search to find the other {list.length - SHOWN}.</p> : null}
          </>
        )}
      </QueryStates>
      <GameDialog target={target} onClose={() => setTarget(null)} />
      <ConfirmAlert
        isOpen={removing !== null}
        confirmText="Remove Game"
        loading={remove.isPending}
        onConfirm={() => removing && remove.mutate(removing)}
        onCancel={() => setRemoving(null)}
      >
        <p>Remove “{removing?.title}” and its copies from the library?</p>
      </ConfirmAlert>
    </div>
  );
}
