import { Button, Spinner } from '@blueprintjs/core';
import { useDeferredValue, useMemo, useState, type ReactNode } from 'react';
import { usePageTitle } from '../../../lib/use-page-title';
import { useSiteInfo } from '../../../lib/business-info';
import { useGames } from '../api/get-games';
import { categoriesOf, filterGames, NO_FILTERS, type GameFilters, type GameSort } from './game-filters';
import { GameCard } from './game-card';
import { PageFrame } from './page-frame';
import { PublicPageTitle } from '../../../components/layout/public-page-header';

/** How many cards show at first (and per "Show more"): a phone renders 1,000 games' filters instantly, not 1,000 cards. */
const PAGE = 48;
/** The filters a visitor set stay while they look at a game and come back. */
let remembered: GameFilters = NO_FILTERS;

const PLAYER_CHOICES = [1, 2, 3, 4, 5, 6, 7, 8, 10];
const TIME_CHOICES = [15, 30, 45, 60, 90, 120, 180];
const COMPLEXITY_CHOICES = [1.5, 2, 2.5, 3, 3.5, 4];
const AGE_CHOICES = [6, 8, 10, 12, 14];
const numberOrNull = (value: string) => (value === '' ? null : Number(value));

function Select({
  id,
  label,
  value,
  onChange,
  children,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (v: string) => void;
  children: ReactNode;
}) {
  return (
    <div className="games-filter">
      <label htmlFor={id}>{label}</label>
      <select className="games-control" id={id} value={value} onChange={(e) => onChange(e.target.value)}>
        {children}
      </select>
    </div>
  );
}

/** /games: the café's library, searched and filtered in the browser over the one list GET /api/games answers. */
export default function GamesPage() {
  const site = useSiteInfo();
  usePageTitle('Game library', site);
  const games = useGames();
  const [filters, setFiltersState] = useState<GameFilters>(remembered);
  const [shown, setShown] = useState(PAGE);
  const setFilters = (change: Partial<GameFilters>) => {
    setFiltersState((f) => (remembered = { ...f, ...change }));
    setShown(PAGE);
  };
  // Typing stays responsive: the list follows the search a frame later when the phone is busy.
  const deferred = useDeferredValue(filters);
  const all = games.data;
  const list = useMemo(() => (all ? filterGames(all, deferred) : []), [all, deferred]);
  const categories = useMemo(() => (all ? categoriesOf(all) : []), [all]);
  const f = filters;

  return (
    <PageFrame>
      <PublicPageTitle eyebrow="Our shelves" title="Game library" />
      <form className="games-filters" role="search" aria-label="Find a game" onSubmit={(e) => e.preventDefault()}>
        <div className="games-filter games-search">
          <label htmlFor="games-search">Search by title</label>
          <input
            className="games-control"
            id="games-search"
            type="search"
            value={f.search}
            onChange={(e) => setFilters({ search: e.target.value })}
            placeholder="e.g. Catan"
          />
        </div>
        <Select
          id="games-players"
          label="Players"
          value={f.players === null ? '' : String(f.players)}
          onChange={(v) => setFilters({ players: numberOrNull(v) })}
        >
          <option value="">Any</option>
          {PLAYER_CHOICES.map((n) => (
            <option key={n} value={n}>
              {n} player{n === 1 ? '' : 's'}
            </option>
          ))}
        </Select>
        <div className="games-filter games-best">
          <label className="games-check">
            <input
              type="checkbox"
              checked={f.bestAt}
              disabled={f.players === null}
              onChange={(e) => setFilters({ bestAt: e.currentTarget.checked })}
            />{' '}
            Best at that count
          </label>
        </div>
        <Select
          id="games-time"
          label="Time"
          value={f.maxMinutes === null ? '' : String(f.maxMinutes)}
          onChange={(v) => setFilters({ maxMinutes: numberOrNull(v) })}
        >
          <option value="">Any</option>
          {TIME_CHOICES.map((n) => (
            <option key={n} value={n}>
              Up to {n} min
            </option>
          ))}
        </Select>
        <Select
          id="games-complexity"
          label="Complexity"
          value={f.maxComplexity === null ? '' : String(f.maxComplexity)}
          onChange={(v) => setFilters({ maxComplexity: numberOrNull(v) })}
        >
          <option value="">Any</option>
          {COMPLEXITY_CHOICES.map((n) => (
            <option key={n} value={n}>
              At most {n} / 5
            </option>
          ))}
        </Select>
        <Select
          id="games-age"
          label="Youngest player"
          value={f.age === null ? '' : String(f.age)}
          onChange={(v) => setFilters({ age: numberOrNull(v) })}
        >
          <option value="">Any age</option>
          {AGE_CHOICES.map((n) => (
            <option key={n} value={n}>
              Age {n}
            </option>
          ))}
        </Select>
        <Select id="games-category" label="Category" value={f.category} onChange={(category) => setFilters({ category })}>
          <option value="">All</option>
          {categories.map((c) => (
            <option key={c} value={c}>
              {c}
            </option>
          ))}
        </Select>
        <Select id="games-sort" label="Sort by" value={f.sort} onChange={(v) => setFilters({ sort: v as GameSort })}>
          <option value="title">Title</option>
          <option value="complexity">Lightest first</option>
          <option value="time">Shortest first</option>
          <option value="year">Newest first</option>
        </Select>
        <div className="games-filter games-reset">
          <button type="button" className="games-reset-button" onClick={() => setFilters(NO_FILTERS)}>
            Clear filters
          </button>
        </div>
      </form>
      {games.isPending ? (
        <Spinner aria-label="Loading games" />
      ) : games.isError ? (
        <p className="muted">The games could not be loaded. Please try again later.</p>
      ) : (
        <>
          <p className="games-count" role="status">
            {list.length === all!.length ? `${list.length} games` : `${list.length} of ${all!.length} games match`}
          </p>
          <div className="games-grid">
            {list.slice(0, shown).map((game) => (
              <GameCard key={game.id} game={game} />
            ))}
          </div>
          {list.length > shown ? (
            <Button
              className="games-more"
              text={`Show more games (${list.length - shown} more)`}
              onClick={() => setShown((n) => n + PAGE * 2)}
            />
          ) : null}
        </>
      )}
    </PageFrame>
  );
}
