import { useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { useWatch } from 'react-hook-form';
import type { FloorForm } from './floor-form';
import { CELL_PX, clampCell, extentOf, placeText, positionOf, sizeOf } from './plan-geometry';

const STEPS: Record<string, [number, number]> = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };

/**
 * An area's plan: staff drag a table to its place (pointer: mouse, pen or finger), or focus it and move it
 * with the arrow keys (Shift: five cells), each move announced. Positions are grid cells, saved with the floor.
 */
export function PlanEditor({ form, area, title }: { form: FloorForm; area: number; title: string }) {
  const tables = useWatch({ control: form.control, name: `areas.${area}.tables` }) ?? [];
  const [said, setSaid] = useState('');
  const drag = useRef<{ index: number; startX: number; startY: number; x: number; y: number } | null>(null);
  const { cols, rows } = extentOf(tables);
  const place = (index: number, x: number, y: number, announce: boolean) => {
    const cx = clampCell(x);
    const cy = clampCell(y);
    const opts = { shouldDirty: true } as const;
    form.setValue(`areas.${area}.tables.${index}.x`, cx, opts);
    form.setValue(`areas.${area}.tables.${index}.y`, cy, opts);
    if (announce) setSaid(`${placeText(tables[index]?.name ?? '', cx, cy)}.`);
  };
  const onPointerDown = (index: number) => (ev: PointerEvent<HTMLButtonElement>) => {
    if (ev.button !== 0) return;
    const at = positionOf(tables[index]!, index);
    drag.current = { index, startX: ev.clientX, startY: ev.clientY, ...at };
    ev.currentTarget.setPointerCapture(ev.pointerId);
  };
  const onPointerMove = (ev: PointerEvent<HTMLButtonElement>) => {
    const d = drag.current;
    if (!d) return;
    place(d.index, d.x + (ev.clientX - d.startX) / CELL_PX, d.y + (ev.clientY - d.startY) / CELL_PX, false);
  };
  const onPointerUp = (ev: PointerEvent<HTMLButtonElement>) => {
    const d = drag.current;
    drag.current = null;
    if (!d) return;
    ev.currentTarget.releasePointerCapture(ev.pointerId);
    const t = form.getValues(`areas.${area}.tables.${d.index}`);
    if (t) setSaid(`${placeText(t.name, t.x ?? 0, t.y ?? 0)}.`);
  };
  const onKeyDown = (index: number) => (ev: KeyboardEvent<HTMLButtonElement>) => {
    const step = STEPS[ev.key];
    if (!step) return;
    ev.preventDefault();
    const at = positionOf(tables[index]!, index);
    const by = ev.shiftKey ? 5 : 1;
    place(index, at.x + step[0] * by, at.y + step[1] * by, true);
  };
  const hintId = `floor-plan-${area}-hint`;
  return (
    <div className="floor-plan-block">
      <p id={hintId} className="muted floor-plan-hint">
        Drag a table to its place, or focus it and use the arrow keys (Shift moves five cells).
      </p>
      <div className="floor-plan-scroll">
        <div
          className="floor-plan floor-plan-edit"
          role="group"
          aria-label={`Plan of ${title}`}
          style={{ width: cols * CELL_PX, height: rows * CELL_PX }}
        >
          {tables.map((t, i) => {
            const { x, y } = positionOf(t, i);
            const { w, h } = sizeOf(t.shape, Number(t.maxSeats) || 1);
            return (
              <button
                type="button"
                key={i}
                className={`plan-table plan-shape-${t.shape ?? 'square'}`}
                data-table={t.name}
                style={{ left: x * CELL_PX, top: y * CELL_PX, width: w * CELL_PX, height: h * CELL_PX }}
                aria-describedby={hintId}
                onPointerDown={onPointerDown(i)}
                onPointerMove={onPointerMove}
                onPointerUp={onPointerUp}
                onPointerCancel={onPointerUp}
                onKeyDown={onKeyDown(i)}
              >
                {/* Its name is what it shows plus, unseen, where it stands: "Table 4, 2 seats, at column 22, row 3" (no-break spaces: a hidden edge space collapses). */}
                <span className="plan-table-name">
                  <span className="visually-hidden">Table{'\u00a0'}</span>
                  {t.name}
                  <span className="visually-hidden">,{'\u00a0'}</span>
                </span>
                <span className="plan-table-seats">
                  {t.maxSeats}
                  <span className="visually-hidden">{`\u00a0seats, at column ${x + 1}, row ${y + 1}`}</span>
                </span>
              </button>
            );
          })}
        </div>
      </div>
      <p className="visually-hidden" role="status" aria-live="polite">
        {said}
      </p>
    </div>
  );
}
