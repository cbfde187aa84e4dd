import { Button, HTMLSelect, InputGroup } from '@blueprintjs/core';
import { GAME_CONDITIONS, type GameCondition, type GameCopy, type StaffGame } from '@cafe/contracts';
import { useState } from 'react';
import { useAdminGames } from '../api/get-games';
import { useAddCopy, useChangeCopy, useRemoveCopy } from '../api/manage-games';

function CopyRow({ gameId, copy, index }: { gameId: string; copy: GameCopy; index: number }) {
  const [condition, setCondition] = useState<GameCondition>(copy.condition);
  const [notes, setNotes] = useState(copy.notes);
  const change = useChangeCopy();
  const remove = useRemoveCopy();
  const changed = condition !== copy.condition || notes !== copy.notes;
  const label = `Copy ${index + 1}`;
  return (
    <li className="game-copy">
      <HTMLSelect aria-label={`${label} condition`} value={condition} onChange={(e) => setCondition(e.target.value as GameCondition)}>
        {GAME_CONDITIONS.map((c) => (
          <option key={c} value={c}>
            {c}
          </option>
        ))}
      </HTMLSelect>
      <InputGroup aria-label={`${label} notes`} value={notes} onValueChange={setNotes} placeholder="Notes" />
      <Button
        text="Save"
        aria-label={`Save ${label.toLowerCase()}`}
        disabled={!changed}
        loading={change.isPending}
        onClick={() => change.mutate({ id: gameId, copyId: copy.id, condition, notes })}
      />
      <Button
        variant="minimal"
        intent="danger"
        text="Remove"
        aria-label={`Remove ${label.toLowerCase()}`}
        loading={remove.isPending}
        onClick={() => remove.mutate({ id: gameId, copyId: copy.id })}
      />
    </li>
  );
}

/** The copies of a game: condition (complete, missing pieces, out for repair) and notes, each saved on its own. */
export function GameCopies({ game }: { game: StaffGame }) {
  // The dialog's game is a snapshot: the copies follow the refetched list.
  const current = useAdminGames().data?.find((g) => g.id === game.id) ?? game;
  const add = useAddCopy();
  return (
    <fieldset className="game-copies-set">
      <legend>
        Copies ({current.completeCopies} of {current.copyCount} complete)
      </legend>
      <ul className="game-copies">
        {current.copies.map((copy, i) => (
          <CopyRow key={`${copy.id}:${copy.condition}:${copy.notes}`} gameId={game.id} copy={copy} index={i} />
        ))}
      </ul>
      <Button
        text="Add a copy"
        variant="outlined"
        loading={add.isPending}
        onClick={() => add.mutate({ id: game.id, condition: 'complete' })}
      />
    </fieldset>
  );
}
