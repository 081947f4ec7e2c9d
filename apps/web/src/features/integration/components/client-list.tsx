import { KeyOutlined, StopOutlined } from '@ant-design/icons';
import type { IntegrationClient } from '@portal/contract/integration';
import { Button, Empty, Table, Tag, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { StatusTag } from '@/components/data-grid/status-tag';
import { formatDateTime } from '@/lib/format';
import { useMediaQuery } from '@/lib/use-media-query';

type Props = {
  clients: IntegrationClient[];
  loading: boolean;
  selectedId: string | null;
  onSelect: (client: IntegrationClient) => void;
  onRotate: (client: IntegrationClient) => void;
  onRevoke: (client: IntegrationClient) => void;
};

const when = (value: string | null, never: string) => (value ? formatDateTime(value) : never);

/** A client's state: active, or revoked (for good). */
function State({ client }: { client: IntegrationClient }) {
  const { t } = useTranslation();
  return client.revokedAt ? (
    <StatusTag tone="red" data-testid="integration-state">
      {t('UI_Integration_Revoked')}
    </StatusTag>
  ) : (
    <StatusTag tone="green" data-testid="integration-state">
      {t('UI_Integration_Active')}
    </StatusTag>
  );
}

const Scopes = ({ scopes }: { scopes: readonly string[] }) => (
  <span className="integration-tags">
    {scopes.map((s) => (
      <Tag key={s}>{s}</Tag>
    ))}
  </span>
);

/** The clients: a table on wide screens (scrolls sideways at 979 px), one card per client on a phone. */
export function ClientList({ clients, loading, selectedId, onSelect, onRotate, onRevoke }: Props) {
  const { t } = useTranslation();
  const phone = useMediaQuery('(max-width: 640px)');
  const never = t('UI_Integration_Never');
  const actions = (c: IntegrationClient): ReactNode => (
    <span className="integration-actions">
      <Button
        size="small"
        onClick={() => onSelect(c)}
        aria-label={t('UI_Integration_DetailsOf', { name: c.name })}
        data-testid="integration-details"
      >
        {t('UI_Integration_Details')}
      </Button>
      {c.revokedAt ? null : (
        <>
          <Button size="small" icon={<KeyOutlined />} onClick={() => onRotate(c)} data-testid="integration-rotate">
            {t('UI_Integration_Rotate')}
          </Button>
          <Button
            size="small"
            danger
            icon={<StopOutlined />}
            onClick={() => onRevoke(c)}
            data-testid="integration-revoke"
          >
            {t('UI_Integration_Revoke')}
          </Button>
        </>
      )}
    </span>
  );
  const empty = (
    <Empty
      image={Empty.PRESENTED_IMAGE_SIMPLE}
      description={t('UI_Integration_NoClients')}
      data-testid="integration-empty"
    />
  );

  if (phone) {
    if (!loading && clients.length === 0) return empty;
    return (
      <ul className="integration-cards" aria-busy={loading} data-testid="integration-clients">
        {clients.map((c) => (
          <li
            key={c.id}
            className={`integration-card${c.id === selectedId ? ' integration-card--selected' : ''}`}
            data-testid="integration-row"
          >
            <div className="integration-card__head">
              <strong>{c.name}</strong>
              <State client={c} />
            </div>
            <Typography.Text code className="integration-card__id">
              {c.clientId}
            </Typography.Text>
            <Scopes scopes={c.scopes} />
            <dl className="integration-card__facts">
              <dt>{t('UI_Integration_Col_LastUsed')}</dt>
              <dd>{when(c.lastUsedAt, never)}</dd>
              <dt>{t('UI_Integration_Col_Calls24h')}</dt>
              <dd>{c.calls24h}</dd>
            </dl>
            {actions(c)}
          </li>
        ))}
      </ul>
    );
  }
  return (
    <Table<IntegrationClient>
      rowKey="id"
      size="middle"
      loading={loading}
      dataSource={clients}
      locale={{ emptyText: empty }}
      scroll={{ x: 1330 }}
      pagination={{ defaultPageSize: 20, hideOnSinglePage: true }}
      rowClassName={(c) => (c.id === selectedId ? 'integration-row--selected' : '')}
      onRow={() => ({ 'data-testid': 'integration-row' }) as React.HTMLAttributes<HTMLElement>}
      data-testid="integration-clients"
      columns={[
        {
          key: 'name',
          title: t('UI_Integration_Col_Name'),
          fixed: 'left',
          width: 200,
          render: (_, c) => <strong>{c.name}</strong>,
        },
        {
          key: 'clientId',
          title: 'client_id',
          width: 210,
          render: (_, c) => <Typography.Text code>{c.clientId}</Typography.Text>,
        },
        { key: 'state', title: t('UI_Integration_Col_State'), width: 100, render: (_, c) => <State client={c} /> },
        {
          key: 'scopes',
          title: t('UI_Integration_Scopes'),
          width: 170,
          render: (_, c) => <Scopes scopes={c.scopes} />,
        },
        {
          key: 'created',
          title: t('UI_Integration_Col_Created'),
          width: 150,
          render: (_, c) => formatDateTime(c.createdAt),
        },
        {
          key: 'rotated',
          title: t('UI_Integration_Col_Rotated'),
          width: 150,
          render: (_, c) => when(c.rotatedAt, '—'),
        },
        {
          key: 'revoked',
          title: t('UI_Integration_Col_Revoked'),
          width: 150,
          render: (_, c) => when(c.revokedAt, '—'),
        },
        {
          key: 'used',
          title: t('UI_Integration_Col_LastUsed'),
          width: 150,
          render: (_, c) => when(c.lastUsedAt, never),
        },
        { key: 'calls', title: t('UI_Integration_Col_Calls24h'), width: 110, align: 'right', dataIndex: 'calls24h' },
        { key: 'actions', title: t('UI_Integration_Col_Actions'), width: 300, render: (_, c) => actions(c) },
      ]}
    />
  );
}
