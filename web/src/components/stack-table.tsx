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

/** A table of the dashboard (stack-table.css): on phones each row is a card, its cells labelled by data-label. */
export function StackTable({ className, label, columns, children }: StackTableProps) {
  return (
    <HTMLTable className={`stack-table ${className}`} striped aria-label={label}>
      <thead>
        <tr>
          {columns.map((c) => (
            <th key={c} scope="col">
              {c}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>{children}</tbody>
    </HTMLTable>
  );
}
