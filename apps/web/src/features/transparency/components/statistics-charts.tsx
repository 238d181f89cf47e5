import { Bar, BarChart, CartesianGrid, Legend, Tooltip, XAxis, YAxis } from 'recharts';
import { ChartFigure } from '../../../components/ui/chart-figure';

export interface StatisticsRow {
  label: string;
  submitted: number;
  approved: number;
  returned: number;
  inspections: number;
}

/** The statistics page's charts (recharts; this module is its own chunk, loaded by that page only: decision 053). */
export default function StatisticsCharts({
  rows,
  labels,
  format,
}: {
  rows: StatisticsRow[];
  labels: { registrations: string; inspections: string; submitted: string; approved: string; returned: string };
  format: (n: number) => string;
}) {
  const tick = { fontSize: 12, fill: '#334155' };
  const numberTick = (v: number) => format(v);
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <ChartFigure caption={labels.registrations}>
        <BarChart accessibilityLayer={false} data={rows} margin={{ top: 8, right: 8, left: -16, bottom: 0 }}>
          <CartesianGrid strokeDasharray="3 3" stroke="#e2e8f0" />
          <XAxis dataKey="label" tick={tick} interval="preserveStartEnd" minTickGap={8} />
          <YAxis allowDecimals={false} tick={tick} tickFormatter={numberTick} />
          <Tooltip formatter={(v) => format(Number(v))} />
          <Legend />
          <Bar dataKey="submitted" name={labels.submitted} fill="#1e40af" isAnimationActive={false} />
          <Bar dataKey="approved" name={labels.approved} fill="#15803d" isAnimationActive={false} />
          <Bar dataKey="returned" name={labels.returned} fill="#b45309" isAnimationActive={false} />
        </BarChart>
      </ChartFigure>
      <ChartFigure caption={labels.inspections}>
        <BarChart accessibilityLayer={false} data={rows} margin={{ top: 8, right: 8, left: -16, bottom: 0 }}>
          <CartesianGrid strokeDasharray="3 3" stroke="#e2e8f0" />
          <XAxis dataKey="label" tick={tick} interval="preserveStartEnd" minTickGap={8} />
          <YAxis allowDecimals={false} tick={tick} tickFormatter={numberTick} />
          <Tooltip formatter={(v) => format(Number(v))} />
          <Bar dataKey="inspections" name={labels.inspections} fill="#0f766e" isAnimationActive={false} />
        </BarChart>
      </ChartFigure>
    </div>
  );
}
