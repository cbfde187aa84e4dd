import { Button, Callout, Card, FileInput } from '@blueprintjs/core';
import type { ImportPreview } from '@cafe/contracts';
import { useState } from 'react';
import { errorDescription } from '../../../lib/api-client';
import { previewImport, useImportGames } from '../api/manage-games';

const SHOWN = 50;

function Rows({ title, rows }: { title: string; rows: { line: number; title: string; reason?: string; changes?: string[] }[] }) {
  return (
    <section aria-label={title}>
      <h4>
        {title} ({rows.length})
      </h4>
      {rows.length ? (
        <ul>
          {rows.slice(0, SHOWN).map((r) => (
            <li key={r.line}>
              {r.title}
              {r.changes ? <span className="muted"> · {r.changes.join(', ')}</span> : null}
              {r.reason ? <span className="muted"> · {r.reason}</span> : null}
            </li>
          ))}
          {rows.length > SHOWN ? <li className="muted">and {rows.length - SHOWN} more</li> : null}
        </ul>
      ) : (
        <p className="muted">None</p>
      )}
    </section>
  );
}

/** A BoardGameGeek collection CSV: first a preview of what it adds, updates and skips, then the import on confirmation. */
export function GameImport() {
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<ImportPreview | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [previewing, setPreviewing] = useState(false);
  const run = useImportGames({ onSuccess: () => (setPreview(null), setFile(null)) });
  const choose = async (chosen: File | null) => {
    setFile(chosen);
    setPreview(null);
    setError(null);
    if (!chosen) return;
    setPreviewing(true);
    try {
      setPreview(await previewImport(chosen));
    } catch (e) {
      setError(errorDescription(e, 'The file could not be read'));
    } finally {
      setPreviewing(false);
    }
  };
  const changes = preview ? preview.counts.add + preview.counts.update : 0;
  return (
    <Card className="games-import" elevation={0}>
      <h3>Import a BoardGameGeek collection</h3>
      <p className="muted">
        On BoardGameGeek, export your collection as CSV; owned games (own = 1) are added or updated, nothing is removed.
      </p>
      <FileInput
        text={file?.name ?? 'Choose a CSV file…'}
        buttonText="Browse"
        inputProps={{ accept: '.csv,text/csv', 'aria-label': 'BoardGameGeek collection CSV' }}
        onInputChange={(e) => void choose(e.currentTarget.files?.[0] ?? null)}
      />
      {previewing ? <p role="status">Reading the file…</p> : null}
      {error ? (
        <Callout intent="danger" role="alert">
          {error}
        </Callout>
      ) : null}
      {preview ? (
        <div className="games-import-preview" aria-label="Import preview">
          <p role="status" className="games-import-counts">
            {preview.rows} rows: {preview.counts.add} to add, {preview.counts.update} to update, {preview.counts.skip} to skip
          </p>
          <div className="games-import-lists">
            <Rows title="To add" rows={preview.add} />
            <Rows title="To update" rows={preview.update} />
            <Rows title="To skip" rows={preview.skip} />
          </div>
          <div className="games-import-actions">
            <Button
              intent="primary"
              text={changes ? `Import ${changes} games` : 'Nothing to import'}
              disabled={!changes}
              loading={run.isPending}
              onClick={() => file && run.mutate(file)}
            />
            <Button variant="minimal" text="Cancel" onClick={() => void choose(null)} />
          </div>
        </div>
      ) : null}
    </Card>
  );
}
