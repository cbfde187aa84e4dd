import { Button, InputGroup } from '@blueprintjs/core';
import { useState } from 'react';
import { Controller, useFieldArray } from 'react-hook-form';
import { errorAria, Field } from '../../../components/form/field';
import { TextField } from '../../../components/form/form-fields';
import { asNumber, type FloorForm } from './floor-form';

/** "6 + 7", "6, 7" or "6 7" → ['6', '7']. */
export const parseTables = (text: string) =>
  text
    .split(/[+,\s]+/)
    .map((s) => s.trim())
    .filter(Boolean);

/** The tables that may be joined, each combination with its own minimum and maximum. */
export function EditorCombinations({ form }: { form: FloorForm }) {
  const combos = useFieldArray({ control: form.control, name: 'combinations' });
  return (
    <section className="floor-editor-combos" aria-labelledby="floor-combos-title">
      <div className="floor-head">
        <h3 id="floor-combos-title">Tables that join</h3>
        <Button icon="add" onClick={() => combos.append({ tables: [], minSeats: 5, maxSeats: 8 }, { shouldFocus: false })}>
          Add combination
        </Button>
      </div>
      {combos.fields.length === 0 ? <p className="muted">No combinations: each party sits at one table.</p> : null}
      <ul className="floor-table-rows">
        {combos.fields.map((field, c) => {
          const rowError = form.getFieldState(`combinations.${c}`, form.formState).error;
          return (
            <li key={field.id} className="floor-table-row floor-combo-row" data-combination-row={c} aria-label={`Combination ${c + 1}`}>
              <CombinationTables form={form} index={c} />
              <TextField
                form={form}
                name={`combinations.${c}.minSeats`}
                id={`floor-combo-${c}-min`}
                label="Min seats"
                type="number"
                min={1}
                registerOptions={asNumber}
              />
              <TextField
                form={form}
                name={`combinations.${c}.maxSeats`}
                id={`floor-combo-${c}-max`}
                label="Max seats"
                type="number"
                min={1}
                registerOptions={asNumber}
              />
              <Button
                variant="minimal"
                intent="danger"
                icon="cross"
                onClick={() => combos.remove(c)}
                aria-label={`Remove combination ${c + 1}`}
              />
              {rowError?.message ? (
                <p className="floor-error floor-row-error" id={`floor-combo-${c}-error`}>
                  {rowError.message}
                </p>
              ) : null}
            </li>
          );
        })}
      </ul>
    </section>
  );
}

/** The joined tables typed as people say them ("6 + 7"), kept as the list of names the floor stores. */
function CombinationTables({ form, index }: { form: FloorForm; index: number }) {
  const id = `floor-combo-${index}-tables`;
  return (
    <Controller
      control={form.control}
      name={`combinations.${index}.tables`}
      render={({ field, fieldState }) => (
        <Field id={id} label="Tables" error={fieldState.error?.message ?? fieldState.error?.root?.message} className="floor-field-name">
          <TablesInput
            id={id}
            value={field.value ?? []}
            onChange={field.onChange}
            onBlur={field.onBlur}
            inputRef={field.ref}
            invalid={!!fieldState.error}
          />
        </Field>
      )}
    />
  );
}

interface TablesInputProps {
  id: string;
  value: string[];
  onChange: (tables: string[]) => void;
  onBlur: () => void;
  inputRef: (el: HTMLInputElement | null) => void;
  invalid: boolean;
}

function TablesInput({ id, value, onChange, onBlur, inputRef, invalid }: TablesInputProps) {
  // What staff typed stays as typed ("6 + "), the names it holds go to the form.
  const [text, setText] = useState(() => value.join(' + '));
  return (
    <InputGroup
      id={id}
      inputRef={inputRef}
      value={text}
      placeholder="6 + 7"
      intent={invalid ? 'danger' : 'none'}
      {...errorAria(id, invalid)}
      onValueChange={(next) => {
        setText(next);
        onChange(parseTables(next));
      }}
      onBlur={onBlur}
    />
  );
}
