import { zodResolver } from '@hookform/resolvers/zod';
import { gameSchema, type GameInput, type StaffGame } from '@cafe/contracts';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { ContentFormDialog } from '../../../components/content-form-dialog';
import { TextAreaField, TextField } from '../../../components/form/form-fields';
import { useAddGame, useUpdateGame } from '../api/manage-games';
import { GameCopies } from './game-copies';

export type GameTarget = StaffGame | 'new' | null;

const number = { setValueAs: (v: unknown) => (v === '' || v === null || v === undefined ? null : typeof v === 'number' ? v : Number(v)) };
/** '3, 4' → [3, 4]; 'Party, Family' → ['Party', 'Family'] (an untouched field keeps its list). */
const numberList = {
  setValueAs: (v: unknown) =>
    typeof v === 'string'
      ? v
          .split(/[,\s]+/)
          .filter(Boolean)
          .map(Number)
      : v,
};
const textList = {
  setValueAs: (v: unknown) =>
    typeof v === 'string'
      ? v
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean)
      : v,
};

const valuesOf = (target: GameTarget): GameInput =>
  target && target !== 'new'
    ? {
        title: target.title,
        minPlayers: target.minPlayers,
        maxPlayers: target.maxPlayers,
        bestAt: target.bestAt,
        minPlayTime: target.minPlayTime,
        maxPlayTime: target.maxPlayTime,
        complexity: target.complexity,
        minAge: target.minAge,
        year: target.year,
        categories: target.categories,
        description: target.description,
        imageUrl: target.imageUrl ?? '',
        bggId: target.bggId,
      }
    : {
        title: '',
        minPlayers: 2,
        maxPlayers: 4,
        bestAt: [],
        categories: [],
        description: '',
        imageUrl: '',
        copies: [{ condition: 'complete' }],
      };

/** Add or edit a game; an existing game's copies are kept below its facts, each saved on its own. */
export function GameDialog({ target, onClose }: { target: GameTarget; onClose: () => void }) {
  const editing = target !== null && target !== 'new';
  const form = useForm({ resolver: zodResolver(gameSchema), defaultValues: valuesOf(target) });
  useEffect(() => form.reset(valuesOf(target)), [target, form]);
  const add = useAddGame({ onSuccess: onClose });
  const update = useUpdateGame({ onSuccess: onClose });
  return (
    <ContentFormDialog
      isOpen={target !== null}
      onClose={onClose}
      title={editing ? `Edit ${target.title}` : 'Add Game'}
      ariaLabel={editing ? 'Edit game' : 'Add game'}
      onSubmit={form.handleSubmit(({ copies, ...facts }) =>
        editing ? update.mutate({ id: target.id, facts }) : add.mutate({ ...facts, copies }),
      )}
      pending={add.isPending || update.isPending}
      formState={form.formState}
      submitText={editing ? 'Save Game' : 'Add Game'}
    >
      <TextField form={form} name="title" id="game-title" label="Title" autoFocus />
      <div className="content-form-row">
        <TextField
          form={form}
          name="minPlayers"
          id="game-min-players"
          label="Players from"
          type="number"
          min={1}
          registerOptions={number}
        />
        <TextField
          form={form}
          name="maxPlayers"
          id="game-max-players"
          label="Players up to"
          type="number"
          min={1}
          registerOptions={number}
        />
        <TextField
          form={form}
          name="bestAt"
          id="game-best-at"
          label="Best at"
          optional
          placeholder="e.g. 3, 4"
          registerOptions={numberList}
        />
      </div>
      <div className="content-form-row">
        <TextField form={form} name="minPlayTime" id="game-min-time" label="Minutes from" type="number" optional registerOptions={number} />
        <TextField
          form={form}
          name="maxPlayTime"
          id="game-max-time"
          label="Minutes up to"
          type="number"
          optional
          registerOptions={number}
        />
      </div>
      <div className="content-form-row">
        <TextField
          form={form}
          name="complexity"
          id="game-complexity"
          label="Complexity (1–5)"
          type="number"
          step="0.01"
          optional
          registerOptions={number}
        />
        <TextField form={form} name="minAge" id="game-min-age" label="Minimum age" type="number" optional registerOptions={number} />
        <TextField form={form} name="year" id="game-year" label="Year" type="number" optional registerOptions={number} />
      </div>
      <TextField
        form={form}
        name="categories"
        id="game-categories"
        label="Categories"
        optional
        placeholder="e.g. Party, Family"
        registerOptions={textList}
      />
      <TextAreaField form={form} name="description" id="game-description" label="Short description" optional rows={3} />
      <TextField form={form} name="imageUrl" id="game-image" label="Image URL" optional placeholder="https://… or /api/uploads/…" />
      {editing ? <GameCopies game={target} /> : null}
    </ContentFormDialog>
  );
}
