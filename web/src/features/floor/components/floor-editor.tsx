import { Button, Callout, Spinner } from '@blueprintjs/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { EMPTY_FLOOR, floorSchema, type Floor, type FloorInput, type FloorOut } from '@cafe/contracts';
import { useEffect } from 'react';
import { useFieldArray, useForm, type FieldPath } from 'react-hook-form';
import { ErrorSummary } from '../../../components/form/error-summary';
import { FORM_VALIDATION } from '../../../components/form/form-validation';
import { ApiError, errorDescription } from '../../../lib/api-client';
import { toast } from '../../../lib/toaster';
import { useFloor, useSaveFloor } from '../api/floor';
import { EditorArea } from './editor-area';
import { EditorCombinations } from './editor-combinations';
import { EditorStays } from './editor-stays';
import { FloorHistory } from './floor-history';
import type { FloorForm } from './floor-form';
import { positionOf } from './plan-geometry';

/** The stored floor as the form edits it: every table placed (drawn in rows when it never was), a shape each. */
export function valuesOf(out: FloorOut | undefined): FloorInput {
  const floor = out ?? { ...EMPTY_FLOOR, version: 0 };
  return {
    areas: floor.areas.map((area) => ({
      name: area.name,
      tables: area.tables.map((t, i) => ({ ...t, ...positionOf(t, i), shape: t.shape ?? 'square' })),
    })),
    combinations: floor.combinations.map((c) => ({ ...c, tables: [...c.tables] })),
    stays: { bands: floor.stays.bands.map((b) => ({ ...b })), gameMaxMinutes: floor.stays.gameMaxMinutes },
    maxOversizeOnline: floor.maxOversizeOnline,
  };
}

/** The server's 400 `issues` put under the fields they name; true when at least one was. */
function showIssues(form: FloorForm, error: unknown): boolean {
  if (!(error instanceof ApiError) || error.status !== 400) return false;
  try {
    const body = JSON.parse(error.body) as { issues?: { path?: (string | number)[]; message?: string }[] };
    let shown = false;
    for (const issue of body.issues ?? []) {
      if (!issue.path?.length || !issue.message) continue;
      form.setError(issue.path.join('.') as FieldPath<FloorInput>, { type: 'server', message: issue.message }, { shouldFocus: !shown });
      shown = true;
    }
    return shown;
  } catch {
    return false;
  }
}

/** The floor as staff set it: areas with their tables and plan, the tables that may be joined, how long parties stay. */
export function FloorEditor() {
  const floor = useFloor();
  if (floor.isPending) return <Spinner aria-label="Loading the floor" />;
  if (floor.isError) {
    return (
      <Callout intent="danger" role="alert">
        {errorDescription(floor.error, 'The floor could not be loaded. Please try again.')}
      </Callout>
    );
  }
  return <FloorEditorForm out={floor.data} />;
}

function FloorEditorForm({ out }: { out: FloorOut }) {
  const form: FloorForm = useForm<FloorInput, unknown, Floor>({
    ...FORM_VALIDATION,
    resolver: zodResolver(floorSchema),
    defaultValues: valuesOf(out),
  });
  // Saved here or elsewhere: the form starts again from the stored floor (unless staff are mid-edit).
  useEffect(() => {
    if (!form.formState.isDirty) form.reset(valuesOf(out));
  }, [out, form]);
  const areas = useFieldArray({ control: form.control, name: 'areas' });
  const save = useSaveFloor({
    onSuccess: (saved) => {
      form.reset(valuesOf(saved));
      toast({ title: 'Floor saved', description: 'Bookings from now on are seated at these tables.', intent: 'success' });
    },
    onError: (error) => {
      showIssues(form, error);
      toast({ title: 'Could not save the floor', description: errorDescription(error, 'Please try again.'), intent: 'danger' });
    },
  });
  const areasError = form.formState.errors.areas;
  return (
    <form
      className="floor-editor"
      aria-label="Floor plan"
      noValidate
      onSubmit={form.handleSubmit((floor) => save.mutate({ floor, version: out.version }))}
    >
      <ErrorSummary formState={form.formState} />
      <section className="floor-editor-areas" aria-labelledby="floor-areas-title">
        <div className="floor-head">
          <h3 id="floor-areas-title">Areas and tables</h3>
          <Button icon="add" onClick={() => areas.append({ name: '', tables: [] }, { shouldFocus: true })}>
            Add area
          </Button>
        </div>
        {areas.fields.length === 0 ? (
          <p className="muted">No tables yet: the café seats by its seat capacity. Add an area, then its tables.</p>
        ) : null}
        {areasError?.message || areasError?.root?.message ? (
          <p className="floor-error" role="alert">
            {areasError.message ?? areasError.root?.message}
          </p>
        ) : null}
        {areas.fields.map((field, a) => (
          <EditorArea key={field.id} form={form} index={a} onRemove={() => areas.remove(a)} />
        ))}
      </section>
      <EditorCombinations form={form} />
      <EditorStays form={form} />
      <div className="floor-save">
        <Button type="submit" intent="primary" size="large" loading={save.isPending}>
          Save floor
        </Button>
        {form.formState.isDirty ? <span className="muted">Unsaved changes</span> : null}
      </div>
      <FloorHistory />
    </form>
  );
}
