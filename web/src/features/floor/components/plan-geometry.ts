import { FLOOR_LIMITS, type TableShape } from '@cafe/contracts';

/** One grid cell of the plan, in CSS pixels (the plan scrolls sideways on a phone). */
export const CELL_PX = 20;
const LAST_CELL = FLOOR_LIMITS.grid - 1;

export interface PlacedTable {
  name: string;
  maxSeats: number;
  shape?: TableShape;
  x?: number;
  y?: number;
}

/** How many cells a table covers: a long table grows with its seats, square and round ones are 3 or 4 cells across. */
export function sizeOf(shape: TableShape | undefined, maxSeats: number): { w: number; h: number } {
  if (shape === 'long') return { w: Math.min(12, Math.max(5, Math.ceil(maxSeats / 2) + 2)), h: 3 };
  const side = maxSeats > 4 ? 4 : 3;
  return { w: side, h: side };
}

/** Where a table without a position is drawn: in rows of six, in the area's order, a long table's width apart. */
export const defaultPosition = (index: number) => ({ x: (index % 6) * 6 + 1, y: Math.floor(index / 6) * 5 + 1 });

export const positionOf = (table: PlacedTable, index: number) => {
  const fallback = defaultPosition(index);
  return { x: table.x ?? fallback.x, y: table.y ?? fallback.y };
};

export const clampCell = (value: number) => Math.max(0, Math.min(LAST_CELL, Math.round(value)));

/** The plan's size in cells: every table inside it with a cell to spare, at least 24 × 6. */
export function extentOf(tables: PlacedTable[]): { cols: number; rows: number } {
  let cols = 24;
  let rows = 6;
  tables.forEach((t, i) => {
    const { x, y } = positionOf(t, i);
    const { w, h } = sizeOf(t.shape, t.maxSeats);
    cols = Math.max(cols, x + w + 1);
    rows = Math.max(rows, y + h + 1);
  });
  return { cols: Math.min(cols, FLOOR_LIMITS.grid + 12), rows: Math.min(rows, FLOOR_LIMITS.grid + 4) };
}

/** "Table 7 at column 6, row 3": what the keyboard's move announces (1-based, as people count). */
export const placeText = (name: string, x: number, y: number) => `Table ${name} at column ${x + 1}, row ${y + 1}`;
