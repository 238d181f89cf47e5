import { Bar, BarChart, CartesianGrid, Legend, Line, LineChart, Tooltip, XAxis, YAxis } from 'recharts';
import { ChartFigure } from '../../../components/ui/chart-figure';

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

/** The dashboard's two charts (recharts; this module is its own chunk, loaded by the admin dashboard only). */
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
  };
  format: (n: number) => string;
}) {
  const tick = { fontSize: 12, fill: '#334155' };
  const numberTick = (v: number) => format(v);
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <ChartFigure caption={labels.perMonth}>
        <BarChart accessibilityLayer={false} data={rows} margin={{ top: 8, right: 8, left: -16, bottom: 0 }}>
          <CartesianGrid strokeDasharray="3 3" stroke="#e2e8f0" />
          <XAxis dataKey="label" tick={tick} interval="preserveStartEnd" minTickGap={8} />
          <YAxis allowDecimals={false} tick={tick} tickFormatter={numberTick} />
          <Tooltip formatter={(v) => format(Number(v))} />
          <Legend />
          <Bar dataKey="submitted" name={labels.submitted} fill="#1e40af" />
          <Bar dataKey="decided" name={labels.decided} fill="#b45309" />
        </BarChart>
      </ChartFigure>
      <ChartFigure caption={labels.median}>
        <LineChart accessibilityLayer={false} data={rows} margin={{ top: 8, right: 8, left: -16, bottom: 0 }}>
          <CartesianGrid strokeDasharray="3 3" stroke="#e2e8f0" />
          <XAxis dataKey="label" tick={tick} interval="preserveStartEnd" minTickGap={8} />
          <YAxis tick={tick} tickFormatter={numberTick} />
          <Tooltip formatter={(v) => format(Number(v))} />
          <Line dataKey="median_days" name={labels.median} stroke="#1e40af" strokeWidth={2} connectNulls />
        </LineChart>
      </ChartFigure>
      <ChartFigure caption={labels.inspections} wide>
        <BarChart accessibilityLayer={false} data={inspections} margin={{ top: 8, right: 8, left: -16, bottom: 0 }}>
          <CartesianGrid strokeDasharray="3 3" stroke="#e2e8f0" />
          <XAxis dataKey="label" tick={tick} interval="preserveStartEnd" minTickGap={8} />
          <YAxis allowDecimals={false} tick={tick} tickFormatter={numberTick} />
          <Tooltip formatter={(v) => format(Number(v))} />
          <Legend />
          <Bar dataKey="passed" stackId="r" name={labels.passed} fill="#15803d" />
          <Bar dataKey="conditional" stackId="r" name={labels.conditional} fill="#b45309" />
          <Bar dataKey="failed" stackId="r" name={labels.failed} fill="#b91c1c" />
        </BarChart>
      </ChartFigure>
    </div>
  );
}
