import { AnchorButton, Card } from '@blueprintjs/core';
import { reportTable, type Report, type ReportChart } from '@cafe/contracts';
import type { ReactNode } from 'react';
import { reportCsvPath, type ReportRange } from '../api/get-report';

interface ChartCardProps {
  chart: ReportChart;
  title: string;
  /** The figure in words ('Approval rate 50 %'), above the chart. */
  summary?: ReactNode;
  report: Report;
  range: ReportRange;
  /** Shown instead of the chart when the range has nothing to draw. */
  empty?: string;
  children: ReactNode;
}

/** One report: its heading, the figure in words, the chart, its numbers as a table, and the CSV of them. */
export function ChartCard({ chart, title, summary, report, range, empty, children }: ChartCardProps) {
  const table = reportTable(report, chart);
  const headingId = `report-${chart}`;
  return (
    <Card className="report-card" role="region" aria-labelledby={headingId}>
      <div className="report-card-head">
        <h3 id={headingId}>{title}</h3>
        <AnchorButton
          size="small"
          variant="outlined"
          icon="download"
          href={reportCsvPath(chart, range)}
          download
          text="CSV"
          aria-label={`Download ${title} as CSV`}
        />
      </div>
      {summary && <p className="report-summary">{summary}</p>}
      {empty ? <p className="report-empty">{empty}</p> : children}
      <details className="report-figures">
        <summary>The figures</summary>
        <div className="report-table-wrap">
          <table className="bp6-html-table bp6-compact">
            <thead>
              <tr>
                {table.header.map((h) => (
                  <th key={h} scope="col">
                    {h.replaceAll('_', ' ')}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {table.rows.map((row, i) => (
                <tr key={i}>
                  {row.map((cell, j) => (
                    <td key={j}>{cell ?? '–'}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </Card>
  );
}
