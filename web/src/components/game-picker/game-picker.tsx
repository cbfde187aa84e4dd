import { Button, Checkbox, InputGroup, Tag } from '@blueprintjs/core';
import { useState } from 'react';
import { MAX_RESERVATION_GAMES, TEACH_US_LABEL } from '@cafe/contracts';
import { useLibraryGames } from '../../lib/library-games';
import './game-picker.css';

interface GamePickerProps {
  idPrefix: string;
  games: string[];
  onGamesChange: (ids: string[]) => void;
  teachUs: boolean;
  onTeachUsChange: (teach: boolean) => void;
  error?: string;
}

/**
 * Up to three games of the library for a reservation, found by title (the list loads once the field is
 * used), and a "teach us" tick. Shared by the public reservation form and the staff dialog.
 */
export function GamePicker({ idPrefix, games, onGamesChange, teachUs, onTeachUsChange, error }: GamePickerProps) {
  const [text, setText] = useState('');
  const [asked, setAsked] = useState(false);
  // Loaded once the field is used, or when there are chosen games to name (a booking's, in the staff dialog).
  const library = useLibraryGames(asked || games.length > 0);
  const list = library.data ?? [];
  const titleOf = (id: string) => list.find((g) => g.id === id)?.title ?? (library.isPending ? '…' : 'Unknown game');
  const full = games.length >= MAX_RESERVATION_GAMES;
  const match = list.find((g) => g.title.toLowerCase() === text.trim().toLowerCase());
  const add = () => {
    if (!match || full || games.includes(match.id)) return;
    onGamesChange([...games, match.id]);
    setText('');
  };
  const inputId = `${idPrefix}-games`;
  return (
    <div className="game-picker form-span">
      <label className="bp6-label" htmlFor={inputId}>
        Games you would like at the table <span className="bp6-text-muted">(optional, up to {MAX_RESERVATION_GAMES})</span>
      </label>
      {games.length > 0 ? (
        <ul className="game-picker-chosen" aria-label="Chosen games">
          {games.map((id) => (
            <li key={id}>
              <Tag round large onRemove={() => onGamesChange(games.filter((g) => g !== id))}>
                {titleOf(id)}
              </Tag>
            </li>
          ))}
        </ul>
      ) : null}
      <div className="game-picker-add">
        <InputGroup
          id={inputId}
          list={`${inputId}-titles`}
          value={text}
          disabled={full}
          placeholder={full ? 'Three games chosen' : 'Type a game’s title'}
          autoComplete="off"
          onFocus={() => setAsked(true)}
          onChange={(e) => setText(e.target.value)}
          // A library title typed (or picked from the suggestions) and left without "Add game" is meant: added,
          // not dropped when the guest goes on to Reserve.
          onBlur={add}
          onKeyDown={(e) => {
            if (e.key !== 'Enter') return;
            e.preventDefault();
            add();
          }}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${inputId}-error` : undefined}
        />
        <Button text="Add game" disabled={!match || full} onClick={add} />
      </div>
      <datalist id={`${inputId}-titles`}>
        {list
          .filter((g) => !games.includes(g.id))
          .map((g) => (
            <option key={g.id} value={g.title} />
          ))}
      </datalist>
      {error ? (
        <p id={`${inputId}-error`} className="bp6-form-helper-text game-picker-error">
          {error}
        </p>
      ) : null}
      <Checkbox label={TEACH_US_LABEL} checked={teachUs} onChange={(e) => onTeachUsChange(e.currentTarget.checked)} />
    </div>
  );
}
