import { BarsFigure } from '../../../components/ui/chart-figure';

export interface StatisticsRow {
  label: string;
  submitted: number;
  approved: number;
  returned: number;
  inspections: number;
}

/** The statistics page's charts (uPlot is fetched by chart-figure once they show, on that page only: decision 053). */
export default function StatisticsCharts({
  rows,
  labels,
  format,
}: {
  rows: StatisticsRow[];
  labels: {
    registrations: string;
    inspections: string;
    submitted: string;
    approved: string;
    returned: string;
    /** Printed in place of a chart not yet drawn (decision 131). */
    notDrawn: string;
  };
  format: (n: number) => string;
}) {
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <BarsFigure
        caption={labels.registrations}
        printNote={labels.notDrawn}
        rows={rows}
        format={format}
        bars={[
          { key: 'submitted', name: labels.submitted, fill: '#1e40af' },
          { key: 'approved', name: labels.approved, fill: '#15803d' },
          { key: 'returned', name: labels.returned, fill: '#b45309' },
        ]}
      />
      <BarsFigure
        caption={labels.inspections}
        printNote={labels.notDrawn}
        rows={rows}
        format={format}
        bars={[{ key: 'inspections', name: labels.inspections, fill: '#0f766e' }]}
      />
    </div>
  );
}
