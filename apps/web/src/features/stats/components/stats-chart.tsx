import type { StatsRow } from '@portal/contract/stats';
import { useTranslation } from 'react-i18next';
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';

type Props = { rows: StatsRow[]; label: (row: StatsRow) => string; money: (n: number) => string };

/** The amounts of the rows shown, this period beside the previous one (Recharts: only on the statistics screens). */
export default function StatsChart({ rows, label, money }: Props) {
  const { t } = useTranslation();
  const data = rows.map((r) => ({ name: label(r), now: r.Importe, before: r.ImporteAnterior }));
  return (
    <div className="stats-chart" data-testid="stats-chart" role="img" aria-label={t('STATS_ChartLabel')}>
      <ResponsiveContainer width="100%" height={280}>
        <BarChart data={data} margin={{ top: 8, right: 8, bottom: 8, left: 8 }}>
          <CartesianGrid strokeDasharray="3 3" />
          <XAxis dataKey="name" interval="preserveStartEnd" tick={{ fontSize: 12 }} />
          <YAxis tickFormatter={(v: number) => money(v)} width={90} tick={{ fontSize: 12 }} />
          <Tooltip formatter={(v) => money(Number(v))} />
          <Legend />
          <Bar dataKey="now" name={t('STATS_Amount')} fill="#1677ff" isAnimationActive={false} />
          <Bar dataKey="before" name={t('STATS_PreviousAmount')} fill="#bfbfbf" isAnimationActive={false} />
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}
