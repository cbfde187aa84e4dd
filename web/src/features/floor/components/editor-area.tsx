import { Button, Card, HTMLSelect } from '@blueprintjs/core';
import { TABLE_SHAPES, type FloorInput } from '@cafe/contracts';
import { useFieldArray, useWatch, type FieldPath } from 'react-hook-form';
import { SwitchField, TextField } from '../../../components/form/form-fields';
import { errorAria, Field } from '../../../components/form/field';
import { asNumber, type FloorForm } from './floor-form';
import { PlanEditor } from './plan-editor';
import { defaultPosition } from './plan-geometry';

/** The next table's name: one more than the highest number on the floor ("13" after "12"). */
function nextTableName(floor: FloorInput): string {
  let highest = 0;
  for (const area of floor.areas) for (const t of area.tables) if (/^\d+$/.test(t.name.trim())) highest = Math.max(highest, Number(t.name));
  return String(highest + 1);
}

const SHAPE_LABELS: Record<(typeof TABLE_SHAPES)[number], string> = { square: 'Square', round: 'Round', long: 'Long' };

/** One area: its name, its tables as a list (each a row of fields), and its plan. */
export function EditorArea({ form, index, onRemove }: { form: FloorForm; index: number; onRemove: () => void }) {
  const tables = useFieldArray({ control: form.control, name: `areas.${index}.tables` });
  const areaName = useWatch({ control: form.control, name: `areas.${index}.name` });
  const title = areaName?.trim() || `Area ${index + 1}`;
  const addTable = () => {
    const count = tables.fields.length;
    tables.append(
      { name: nextTableName(form.getValues()), minSeats: 1, maxSeats: 4, online: true, shape: 'square', ...defaultPosition(count) },
      { shouldFocus: false },
    );
  };
  return (
    <Card className="floor-area" data-area-index={index} role="group" aria-label={title}>
      <div className="floor-area-head">
        <TextField form={form} name={`areas.${index}.name`} id={`floor-area-${index}-name`} label="Area name" placeholder="Main room" />
        <Button variant="minimal" intent="danger" icon="trash" onClick={onRemove} aria-label={`Remove area ${title}`}>
          Remove area
        </Button>
      </div>
      <ul className="floor-table-rows" aria-label={`Tables in ${title}`}>
        {tables.fields.map((field, t) => (
          <TableRow key={field.id} form={form} area={index} index={t} onRemove={() => tables.remove(t)} />
        ))}
      </ul>
      <div className="floor-area-actions">
        <Button icon="add" onClick={addTable}>
          Add table
        </Button>
      </div>
      {tables.fields.length ? <PlanEditor form={form} area={index} title={title} /> : null}
    </Card>
  );
}

function TableRow({ form, area, index, onRemove }: { form: FloorForm; area: number; index: number; onRemove: () => void }) {
  const base = `areas.${area}.tables.${index}` as const;
  const id = `floor-${area}-${index}`;
  const name = useWatch({ control: form.control, name: `${base}.name` });
  const shapeError = form.getFieldState(`${base}.shape`, form.formState).error;
  return (
    <li className="floor-table-row" data-table-row={`${area}-${index}`} aria-label={`Table ${name || index + 1}`}>
      <TextField form={form} name={`${base}.name`} id={`${id}-name`} label="Table" className="floor-field-name" />
      <TextField
        form={form}
        name={`${base}.minSeats`}
        id={`${id}-min`}
        label="Min seats"
        type="number"
        min={1}
        registerOptions={asNumber}
      />
      <TextField
        form={form}
        name={`${base}.maxSeats`}
        id={`${id}-max`}
        label="Max seats"
        type="number"
        min={1}
        registerOptions={asNumber}
      />
      <Field id={`${id}-shape`} label="Shape" error={shapeError?.message}>
        <HTMLSelect
          id={`${id}-shape`}
          {...form.register(`${base}.shape` as FieldPath<FloorInput>)}
          {...errorAria(`${id}-shape`, shapeError)}
        >
          {TABLE_SHAPES.map((s) => (
            <option key={s} value={s}>
              {SHAPE_LABELS[s]}
            </option>
          ))}
        </HTMLSelect>
      </Field>
      <div className="floor-field-online">
        <SwitchField form={form} name={`${base}.online`} label="Online" />
        <span className="floor-online-hint muted">Off: walk-ins only</span>
      </div>
      <Button variant="minimal" intent="danger" icon="cross" onClick={onRemove} aria-label={`Remove table ${name || index + 1}`} />
    </li>
  );
}
