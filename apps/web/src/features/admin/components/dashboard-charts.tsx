import { BarsFigure, LineFigure } from '../../../components/ui/chart-figure';

export interface InspectionRow {
  label: string;
  passed: number;
  failed: number;
  conditional: number;
}

interface Row {
  month: string;
  label: string;
  submitted: number;
  decided: number;
  median_days: number | null;
}

/** The dashboard's two charts (uPlot is fetched by chart-figure once they show, on the admin dashboard only). */
export default function DashboardCharts({
  rows,
  inspections,
  labels,
  format,
}: {
  rows: Row[];
  inspections: InspectionRow[];
  labels: {
    submitted: string;
    decided: string;
    median: string;
    perMonth: string;
    inspections: string;
    passed: string;
    failed: string;
    conditional: string;
    /** Printed in place of a chart not yet drawn (decision 131). */
    notDrawn: string;
  };
  format: (n: number) => string;
}) {
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <BarsFigure
        caption={labels.perMonth}
        printNote={labels.notDrawn}
        rows={rows}
        format={format}
        bars={[
          { key: 'submitted', name: labels.submitted, fill: '#1e40af' },
          { key: 'decided', name: labels.decided, fill: '#b45309' },
        ]}
      />
      <LineFigure
        caption={labels.median}
        printNote={labels.notDrawn}
        rows={rows}
        line={{ key: 'median_days', name: labels.median, stroke: '#1e40af' }}
        format={format}
      />
      <BarsFigure
        caption={labels.inspections}
        printNote={labels.notDrawn}
        wide
        rows={inspections}
        format={format}
        bars={[
          { key: 'passed', name: labels.passed, fill: '#15803d', stack: 'r' },
          { key: 'conditional', name: labels.conditional, fill: '#b45309', stack: 'r' },
          { key: 'failed', name: labels.failed, fill: '#b91c1c', stack: 'r' },
        ]}
      />
    </div>
  );
}
