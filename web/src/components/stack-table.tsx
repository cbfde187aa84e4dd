import { HTMLTable } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import './stack-table.css';

interface StackTableProps {
  className: string;
  label?: string;
  columns: string[];
  /** The rows. */
  children: ReactNode;
}

/** A column's class, 'Party Size' → 'col-party-size': tables of one kind share fixed widths by it. */
export function columnClass(column: string): string {
  return `col-${column
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')}`;
}

/** A table of the dashboard (stack-table.css): on phones each row is a card, its cells labelled by data-label. */
export function StackTable({ className, label, columns, children }: StackTableProps) {
  return (
    <HTMLTable className={`stack-table ${className}`} striped aria-label={label}>
      <thead>
        <tr>
          {columns.map((c) => (
            <th key={c} scope="col" className={columnClass(c)}>
              {c}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>{children}</tbody>
    </HTMLTable>
  );
}
