import { Button, Callout, Tag } from '@blueprintjs/core';
import { REBUILD_FAILED, REBUILD_FINISHED, type ProjectionState, type SystemProjections } from '@cafe/contracts';
import { useEffect, useRef, useState } from 'react';
import { ConfirmAlert } from '../../../components/confirm-alert';
import { StackTable } from '../../../components/stack-table';
import { QueryStates } from '../../../components/content-states';
import { toast } from '../../../lib/toaster';
import { useProjections, useRebuildProjections } from '../api/projections';
import { count, duration, readable, useCafeDateTime } from './format';

/** Each read model's checkpoint, lag and last rebuild, and the live rebuild behind a confirmation. */
export function ReadModels() {
  const projections = useProjections();
  const [asking, setAsking] = useState<string[] | null>(null);
  const rebuild = useRebuildProjections({ onSuccess: () => setAsking(null) });
  useFinishedToast(projections.data);
  const data = projections.data;
  const running =
    !!data && (data.projections.some((p) => p.rebuilding) || data.lastRun?.status === 'running' || data.lastRun?.status === 'requested');
  const all = data?.projections.map((p) => p.name) ?? [];
  const head = data?.projections[0]?.head;

  return (
    <section className="content-area" aria-labelledby="read-models-title">
      <div className="content-area-head">
        <div>
          <h3 id="read-models-title">Read models</h3>
          {data ? (
            <p className="muted system-summary">
              {data.store === 'embedded'
                ? 'Embedded store: rebuilt inside this server'
                : 'EventStoreDB + MongoDB: rebuilt by the projector'}
              {head !== undefined ? ` · event log at position ${count(Number(head))}` : ''}
            </p>
          ) : null}
        </div>
        <Button intent="primary" variant="outlined" text="Rebuild all" disabled={!data || running} onClick={() => setAsking(all)} />
      </div>
      {data?.lastRun?.status === 'failed' ? (
        <Callout intent="danger" title="The last rebuild failed">
          {REBUILD_FAILED} {data.lastRun.error}
        </Callout>
      ) : null}
      <QueryStates
        pending={projections.isPending}
        error={projections.isError}
        onRetry={() => void projections.refetch()}
        what="the read models"
        skeleton={{ count: 1, className: 'system-loading', tall: true }}
      >
        {() => (
          <StackTable
            className="system-table"
            label="Read models"
            columns={['Read model', 'Checkpoint', 'Lag', 'Documents', 'Last rebuild', 'Took', '']}
          >
            {(data?.projections ?? []).map((p) => (
              <ProjectionRow key={p.name} projection={p} disabled={running} onRebuild={() => setAsking([p.name])} />
            ))}
          </StackTable>
        )}
      </QueryStates>
      <ConfirmAlert
        isOpen={asking !== null}
        intent="primary"
        confirmText={asking?.length === all.length ? 'Rebuild all' : 'Rebuild'}
        title={`Rebuild ${asking?.length === all.length ? `all ${all.length} read models` : readable(asking?.[0] ?? '')} from the event log?`}
        loading={rebuild.isPending}
        onConfirm={() => asking && rebuild.mutate({ names: asking })}
        onCancel={() => setAsking(null)}
        className="system-confirm"
      >
        <p>
          The site keeps answering from the current read models while the new ones are built beside them, then switches over once they have
          caught up. Nothing is lost if it fails.
        </p>
      </ConfirmAlert>
    </section>
  );
}

function ProjectionRow({ projection: p, disabled, onRebuild }: { projection: ProjectionState; disabled: boolean; onRebuild: () => void }) {
  const cafeDateTime = useCafeDateTime();
  return (
    <tr>
      <th scope="row" data-label="Read model" className="system-name">
        {readable(p.name)}
      </th>
      <td data-label="Checkpoint" className="cell-nowrap">
        {count(Number(p.checkpoint))} <span className="cell-muted">of {count(Number(p.head))}</span>
      </td>
      <td data-label="Lag">
        {p.rebuilding ? (
          <Tag intent="primary" minimal>
            Rebuilding…
          </Tag>
        ) : p.lag === 0 ? (
          <Tag intent="success" minimal>
            Caught up
          </Tag>
        ) : (
          <Tag intent="warning" minimal>
            {count(p.lag)} behind
          </Tag>
        )}
      </td>
      <td data-label="Documents">{count(p.documents)}</td>
      <td data-label="Last rebuild">{p.lastRebuiltAt ? cafeDateTime(p.lastRebuiltAt) : <span className="cell-muted">Never</span>}</td>
      <td data-label="Took">{p.lastRebuildMs !== null ? duration(p.lastRebuildMs) : <span className="cell-muted">–</span>}</td>
      <td data-label="" className="system-actions stack-actions">
        <Button
          size="small"
          variant="outlined"
          text="Rebuild"
          disabled={disabled}
          aria-label={`Rebuild ${readable(p.name)}`}
          onClick={onRebuild}
        />
      </td>
    </tr>
  );
}

/** A toast when a rebuild switches over (or fails) while the page is open, however fast it went. */
function useFinishedToast(data: SystemProjections | undefined) {
  // undefined: nothing loaded yet; null: loaded, no rebuild ever asked for.
  const seen = useRef<{ id: string; status: string } | null | undefined>(undefined);
  const loaded = data !== undefined;
  const run = data?.lastRun ?? null;
  useEffect(() => {
    if (!loaded) return;
    const before = seen.current;
    seen.current = run ? { id: run.id, status: run.status } : null;
    if (before === undefined || !run) return;
    // A run not seen before ended between two polls; a seen one ends now.
    const wasOpen = before?.id === run.id ? before.status === 'running' || before.status === 'requested' : true;
    if (!wasOpen) return;
    if (run.status === 'done') {
      toast({ title: 'Rebuild finished', description: `${REBUILD_FINISHED} (${duration(run.ms ?? 0)})`, intent: 'success' });
    } else if (run.status === 'failed') {
      toast({ title: 'Rebuild failed', description: `${REBUILD_FAILED} ${run.error ?? ''}`, intent: 'danger' });
    }
  }, [loaded, run]);
}
