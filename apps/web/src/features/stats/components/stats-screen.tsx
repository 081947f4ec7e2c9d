import { DownloadOutlined } from '@ant-design/icons';
import { LANGUAGE_KEYS, type LanguageKey } from '@portal/contract/constants';
import {
  defaultStatsRange,
  isStatsDay,
  STATS_ALL_CLIENTS,
  STATS_DEFAULT_PERIOD,
  STATS_PAGE_SIZES,
  STATS_PERIODS,
  type StatsKind,
  type StatsRow,
} from '@portal/contract/stats';
import { Button, DatePicker, Input, Select, Space, Table, type TableProps, Typography, theme } from 'antd';
import dayjs from 'dayjs';
import { lazy, Suspense, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useUser } from '@/lib/current-user';
import { useStoresFilter } from '@/lib/documents/get-stores-filter';
import { mayCall } from '@/lib/may-call';
import { useExportStats } from '../api/export-stats';
import { type StatsParams, useStatsGrid } from '../api/get-stats-grid';
import './stats.css';

const StatsChart = lazy(() => import('./stats-chart'));
const STATS_VIEWS = [
  { kind: 'date', label: 'MENU_StatsDate' },
  { kind: 'model', label: 'MENU_StatsModel' },
  { kind: 'family', label: 'MENU_StatsFamily' },
] as const satisfies readonly { kind: StatsKind; label: string }[];
type Sort = { sidx?: 'Fecha' | 'Nombre' | 'Importe' | 'Cantidad'; sord?: 'asc' | 'desc' };

const PERIOD_LABELS: Record<number, string> = {
  [STATS_PERIODS.day]: 'STATS_PeriodDay',
  [STATS_PERIODS.week]: 'STATS_PeriodWeek',
  [STATS_PERIODS.month]: 'STATS_PeriodMonth',
  [STATS_PERIODS.year]: 'STATS_PeriodYear',
};

function periodLabel(day: string, period: number): string {
  const d = dayjs(day);
  if (period === STATS_PERIODS.year) return d.format('YYYY');
  if (period === STATS_PERIODS.month) return d.format('MM/YYYY');
  return d.format('DD/MM/YYYY');
}

/** One statistics screen (by date, family or model): filters, totals beside the previous period, chart, table, export. */
export function StatsScreen({ kind, title }: { kind: StatsKind; title: string }) {
  const { t, i18n } = useTranslation();
  const { token } = theme.useToken();
  const user = useUser();
  const admin = mayCall(STATS_ALL_CLIENTS, user.data);
  const stores = useStoresFilter(admin);
  const lang = ((LANGUAGE_KEYS as readonly string[]).includes(i18n.language) ? i18n.language : 'es') as LanguageKey;
  // A link may carry the range (?dateIni=&dateEnd=, yyyy-MM-dd); else last month to today.
  const [search] = useSearchParams();
  const [range, setRange] = useState(() => {
    const fallback = defaultStatsRange(dayjs().format('YYYY-MM-DD'));
    const from = search.get('dateIni');
    const to = search.get('dateEnd');
    return from && to && isStatsDay(from) && isStatsDay(to) && from <= to ? { dateIni: from, dateEnd: to } : fallback;
  });
  const [period, setPeriod] = useState<number>(STATS_DEFAULT_PERIOD);
  const [client, setClient] = useState('');
  const [store, setStore] = useState<string | undefined>();
  const [paging, setPaging] = useState({ page: 1, rows: 10 });
  const [sort, setSort] = useState<Sort>({});
  const exporter = useExportStats();

  const filters: StatsParams = {
    dateIni: range.dateIni,
    dateEnd: range.dateEnd,
    lang,
    ...(kind === 'date' ? { periodo_cod: period } : {}),
    ...(admin && client.trim() ? { c_id: client.trim() } : {}),
    ...(admin && store ? { almacen: store } : {}),
  };
  const grid = useStatsGrid(kind, { ...filters, ...paging, ...sort });
  const money = useMemo(() => {
    const f = new Intl.NumberFormat(lang, { style: 'currency', currency: 'EUR' });
    return (n: number) => f.format(n);
  }, [lang]);
  const qty = useMemo(() => new Intl.NumberFormat(lang), [lang]);
  const data = grid.data;
  const label = (r: StatsRow) =>
    kind === 'date'
      ? periodLabel(r.Fecha ?? '', data?.userdata.periodo_cod ?? period)
      : r.Nombre || t('STATS_NoVehicle');

  const sortOrder = (field: Sort['sidx']) =>
    sort.sidx === field ? (sort.sord === 'desc' ? 'descend' : 'ascend') : null;
  const columns: TableProps<StatsRow>['columns'] = [
    kind === 'date'
      ? {
          key: 'Fecha',
          title: t('STATS_Date'),
          render: (_, r) => label(r),
          sorter: true,
          sortOrder: sortOrder('Fecha'),
        }
      : {
          key: 'Nombre',
          title: t('STATS_Name'),
          render: (_, r) => label(r),
          sorter: true,
          sortOrder: sortOrder('Nombre'),
        },
    {
      key: 'Importe',
      title: t('STATS_Amount'),
      align: 'right',
      render: (_, r) => money(r.Importe),
      sorter: true,
      sortOrder: sortOrder('Importe'),
    },
    {
      key: 'Cantidad',
      title: t('STATS_Quantity'),
      align: 'right',
      render: (_, r) => qty.format(r.Cantidad),
      sorter: true,
      sortOrder: sortOrder('Cantidad'),
    },
    {
      key: 'ImporteAnterior',
      title: t('STATS_PreviousAmount'),
      align: 'right',
      responsive: ['md'],
      render: (_, r) => money(r.ImporteAnterior),
    },
    {
      key: 'CantidadAnterior',
      title: t('STATS_PreviousQuantity'),
      align: 'right',
      responsive: ['md'],
      render: (_, r) => qty.format(r.CantidadAnterior),
    },
  ];

  const totals = data?.userdata;
  return (
    <section className="stats-screen" aria-label={title}>
      {/* The three views of the same figures, the range kept: the menu leads customers to one (issue 25). */}
      <nav className="stats-views" aria-label={t('UI_Stats_Views')}>
        {STATS_VIEWS.map((view) => (
          <Link
            key={view.kind}
            to={`/stats/${view.kind}?dateIni=${range.dateIni}&dateEnd=${range.dateEnd}`}
            aria-current={view.kind === kind ? 'page' : undefined}
            className={view.kind === kind ? 'stats-view stats-view-current' : 'stats-view'}
            style={
              view.kind === kind
                ? { background: token.colorPrimary, borderColor: token.colorPrimary, color: token.colorWhite }
                : undefined
            }
          >
            {t(view.label)}
          </Link>
        ))}
      </nav>
      <Space wrap className="stats-filters">
        <DatePicker.RangePicker
          aria-label={t('STATS_Range')}
          allowClear={false}
          format="DD/MM/YYYY"
          value={[dayjs(range.dateIni), dayjs(range.dateEnd)]}
          onChange={(values) => {
            if (!values?.[0] || !values[1]) return;
            setRange({ dateIni: values[0].format('YYYY-MM-DD'), dateEnd: values[1].format('YYYY-MM-DD') });
            setPaging((p) => ({ ...p, page: 1 }));
          }}
        />
        {kind === 'date' && (
          <Select
            aria-label={t('STATS_Period')}
            value={period}
            onChange={setPeriod}
            style={{ minWidth: 120 }}
            options={Object.values(STATS_PERIODS).map((v) => ({ value: v, label: t(PERIOD_LABELS[v]!) }))}
          />
        )}
        {admin && (
          <>
            <Input.Search
              aria-label={t('STATS_Client')}
              placeholder={t('STATS_Client')}
              allowClear
              style={{ width: 170 }}
              onSearch={(v) => {
                setClient(v);
                setPaging((p) => ({ ...p, page: 1 }));
              }}
            />
            <Select
              aria-label={t('STATS_Store')}
              placeholder={t('STATS_AllStores')}
              allowClear={{ label: t('UI_A11y_Clear') }}
              style={{ minWidth: 170 }}
              value={store}
              onChange={(v) => {
                setStore(v);
                setPaging((p) => ({ ...p, page: 1 }));
              }}
              options={(stores.data ?? []).map((s) => ({ value: s.id, label: s.name }))}
            />
          </>
        )}
        <Button
          icon={<DownloadOutlined />}
          loading={exporter.isPending}
          onClick={() => exporter.mutate({ kind, params: filters })}
          data-testid="stats-export"
        >
          {t('STATS_Export')}
        </Button>
      </Space>
      {totals && (
        <div className="stats-totals" data-testid="stats-totals">
          <Typography.Text strong>
            {t('STATS_Total')}: {money(totals.totals.Importe)} · {qty.format(totals.totals.Cantidad)}
          </Typography.Text>
          <Typography.Text type="secondary">
            {t('STATS_PreviousRange')} ({dayjs(totals.previous.dateIni).format('DD/MM/YYYY')} –{' '}
            {dayjs(totals.previous.dateEnd).format('DD/MM/YYYY')}): {money(totals.previous.Importe)} ·{' '}
            {qty.format(totals.previous.Cantidad)}
          </Typography.Text>
        </div>
      )}
      {data && data.rows.length > 0 && (
        <Suspense fallback={<div className="stats-chart" />}>
          <StatsChart rows={data.rows} label={label} money={money} />
        </Suspense>
      )}
      <Table<StatsRow>
        data-testid="stats-table"
        size="small"
        rowKey={(r) => r.Fecha ?? r.Codigo ?? ''}
        loading={grid.isFetching}
        columns={columns}
        dataSource={data?.rows ?? []}
        locale={{ emptyText: t('STATS_Empty') }}
        scroll={{ x: 'max-content' }}
        pagination={{
          current: data?.page ?? paging.page,
          pageSize: paging.rows,
          total: data?.records ?? 0,
          pageSizeOptions: STATS_PAGE_SIZES.map(String),
          showSizeChanger: true,
        }}
        onChange={(p, _f, sorter) => {
          const s = Array.isArray(sorter) ? sorter[0] : sorter;
          const field = s?.order ? (String(s.columnKey) as Sort['sidx']) : undefined;
          setSort(field ? { sidx: field, sord: s?.order === 'descend' ? 'desc' : 'asc' } : {});
          setPaging({ page: p.current ?? 1, rows: p.pageSize ?? 10 });
        }}
      />
    </section>
  );
}
