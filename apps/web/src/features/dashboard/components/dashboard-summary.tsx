import type { DashboardSummary } from '@portal/contract/common';
import { Card, Empty, Skeleton } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { StatusTag } from '@/components/data-grid/status-tag';
import { formatDate, formatMoney } from '@/lib/format';
import { DashboardSearch } from './dashboard-search';

type Props = { data: DashboardSummary | undefined; loading: boolean };
type WebOrder = DashboardSummary['webOrders'][number];
type Refund = DashboardSummary['returns']['latest'][number];

/** One block: a heading, a link to the whole list, and its rows or what says there are none. */
function Block(props: {
  id: string;
  title: string;
  to: string;
  loading: boolean;
  empty: string;
  children: ReactNode[];
}) {
  const { t } = useTranslation();
  return (
    <Card
      variant="borderless"
      title={<h2 className="dashboard-content__heading">{props.title}</h2>}
      extra={<Link to={props.to}>{t('UI_Dashboard_SeeAll')}</Link>}
      data-testid={`dashboard-${props.id}`}
    >
      {props.loading ? (
        <Skeleton active paragraph={{ rows: 3 }} />
      ) : props.children.length > 0 ? (
        <ul className="dashboard-rows">{props.children}</ul>
      ) : (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={props.empty} />
      )}
    </Card>
  );
}

function Row({
  to,
  label,
  date,
  tag,
  amount,
}: {
  to: string;
  label: string;
  date: string | null;
  tag: ReactNode;
  amount?: number;
}) {
  return (
    <li className="dashboard-rows__row">
      <Link to={to} className="dashboard-rows__link">
        {label}
      </Link>
      <time dateTime={date ?? undefined} className="dashboard-news__date">
        {formatDate(date)}
      </time>
      {tag}
      {amount === undefined ? <span /> : <span className="dashboard-rows__amount">{formatMoney(amount)}</span>}
    </li>
  );
}

/** A web order and its way to the ERP, in the words of the web orders grid (staff: pending; customers: being sent). */
function WebOrderRow({ order, staff = false }: { order: WebOrder; staff?: boolean }) {
  const { t } = useTranslation();
  const tag = order.imported ? (
    <StatusTag tone="green">{t('UI_SalesWeb_Imported')}</StatusTag>
  ) : (
    <StatusTag tone="gold">{t(staff ? 'UI_SalesWeb_Pending' : 'UI_SalesWeb_SendingToStore')}</StatusTag>
  );
  return <Row to={`/salesweb/${order.id}`} label={`#${order.id}`} date={order.date} tag={tag} amount={order.amount} />;
}

function RefundRow({ refund }: { refund: Refund }) {
  const { t } = useTranslation();
  const tag = <StatusTag tone="blue">{t(`UI_Refunds_Stage_${refund.stage}`)}</StatusTag>;
  return <Row to={`/allrefunds/${refund.id}`} label={`#${refund.id}`} date={refund.date} tag={tag} />;
}

/** This month's invoiced net amount, last month's and the difference (no chart: three numbers). */
function Spending({ spending }: { spending: DashboardSummary['spending'] | undefined }) {
  const { t } = useTranslation();
  if (!spending) return <Skeleton active paragraph={{ rows: 2 }} />;
  const diff = spending.thisMonth - spending.lastMonth;
  return (
    <dl className="dashboard-spending" data-testid="dashboard-spending-figures">
      <dt>{t('UI_Dashboard_ThisMonth')}</dt>
      <dd className="dashboard-spending__main">{formatMoney(spending.thisMonth)}</dd>
      <dt>{t('UI_Dashboard_LastMonth')}</dt>
      <dd>{formatMoney(spending.lastMonth)}</dd>
      <dt>{t('UI_Dashboard_Difference')}</dt>
      <dd>{`${diff > 0 ? '+' : ''}${formatMoney(diff)}`}</dd>
    </dl>
  );
}

/** The caller's documents at a glance (issue 25), and for staff what waits for them; each block links to its screen. */
export function DashboardSummaryBlocks({ data, loading }: Props) {
  const { t } = useTranslation();
  const staff = data?.staff;
  return (
    <div className="dashboard-summary" data-testid="dashboard-summary">
      <Card
        variant="borderless"
        title={<h2 className="dashboard-content__heading">{t('UI_Dashboard_Search')}</h2>}
        data-testid="dashboard-search"
      >
        <DashboardSearch />
      </Card>
      <Card
        variant="borderless"
        title={<h2 className="dashboard-content__heading">{t('UI_Dashboard_Spending')}</h2>}
        extra={<Link to="/invoice">{t('UI_Dashboard_SeeAll')}</Link>}
        data-testid="dashboard-spending"
      >
        <Spending spending={data?.spending} />
        <p className="dashboard-news__date">{t('UI_Dashboard_SpendingNote')}</p>
      </Card>
      <Block
        id="orders"
        title={t('UI_Dashboard_Orders')}
        to="/sales"
        loading={loading}
        empty={t('UI_Dashboard_NoOrders')}
      >
        {(data?.orders ?? []).map((o) => (
          <Row
            key={o.id}
            to={`/sales/${o.id}`}
            label={o.id}
            date={o.date}
            tag={<StatusTag tone="blue">{t(`STATUS_Sales_${o.status}`)}</StatusTag>}
            amount={o.amount}
          />
        ))}
      </Block>
      <Block
        id="weborders"
        title={t('UI_Dashboard_WebOrders')}
        to="/salesweb"
        loading={loading}
        empty={t('UI_Dashboard_NoWebOrders')}
      >
        {(data?.webOrders ?? []).map((w) => (
          <WebOrderRow key={w.id} order={w} />
        ))}
      </Block>
      <Block
        id="returns"
        title={`${t('UI_Dashboard_Returns')} (${data?.returns.open ?? 0})`}
        to="/allrefunds"
        loading={loading}
        empty={t('UI_Dashboard_NoReturns')}
      >
        {(data?.returns.latest ?? []).map((r) => (
          <RefundRow key={r.id} refund={r} />
        ))}
      </Block>
      {staff ? (
        <>
          <Block
            id="waiting-erp"
            title={`${t('UI_Dashboard_WaitingErp')} (${staff.webOrdersWaiting.count})`}
            to="/salesweb-admin"
            loading={false}
            empty={t('UI_Dashboard_NoWaitingErp')}
          >
            {staff.webOrdersWaiting.oldest.map((w) => (
              <WebOrderRow key={w.id} order={w} staff />
            ))}
          </Block>
          <Block
            id="waiting-refunds"
            title={`${t('UI_Dashboard_WaitingRefunds')} (${staff.refundsWaiting.count})`}
            to="/allrefunds"
            loading={false}
            empty={t('UI_Dashboard_NoWaitingRefunds')}
          >
            {staff.refundsWaiting.oldest.map((r) => (
              <RefundRow key={r.id} refund={r} />
            ))}
          </Block>
        </>
      ) : null}
    </div>
  );
}
