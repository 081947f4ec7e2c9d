import { KeyOutlined, StopOutlined } from '@ant-design/icons';
import type { IntegrationClient } from '@portal/contract/integration';
import { Button, Empty, Table, Tag, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
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
    <Tag className="integration-tag integration-tag--red" data-testid="integration-state">
      {t('UI_Integration_Revoked')}
    </Tag>
  ) : (
    <Tag className="integration-tag integration-tag--green" data-testid="integration-state">
      {t('UI_Integration_Active')}
    </Tag>
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
      scroll={{ x: 'max-content' }}
      pagination={{ defaultPageSize: 20, hideOnSinglePage: true }}
      rowClassName={(c) => (c.id === selectedId ? 'integration-row--selected' : '')}
      onRow={() => ({ 'data-testid': 'integration-row' }) as React.HTMLAttributes<HTMLElement>}
      data-testid="integration-clients"
      columns={[
        {
          key: 'name',
          title: t('UI_Integration_Col_Name'),
          fixed: 'left',
          width: 190,
          render: (_, c) => (
            <div className="integration-name">
              <strong>{c.name}</strong>
              <State client={c} />
            </div>
          ),
        },
        {
          key: 'clientId',
          title: 'client_id',
          render: (_, c) => <Typography.Text code>{c.clientId}</Typography.Text>,
        },
        { key: 'scopes', title: t('UI_Integration_Scopes'), render: (_, c) => <Scopes scopes={c.scopes} /> },
        {
          key: 'dates',
          title: t('UI_Integration_Col_Dates'),
          render: (_, c) => (
            <dl className="integration-dates">
              <dt>{t('UI_Integration_Col_Created')}</dt>
              <dd>{formatDateTime(c.createdAt)}</dd>
              {c.rotatedAt ? (
                <>
                  <dt>{t('UI_Integration_Col_Rotated')}</dt>
                  <dd>{formatDateTime(c.rotatedAt)}</dd>
                </>
              ) : null}
              {c.revokedAt ? (
                <>
                  <dt>{t('UI_Integration_Col_Revoked')}</dt>
                  <dd>{formatDateTime(c.revokedAt)}</dd>
                </>
              ) : null}
            </dl>
          ),
        },
        {
          key: 'use',
          title: t('UI_Integration_Col_Use'),
          render: (_, c) => (
            <dl className="integration-dates">
              <dt>{t('UI_Integration_Col_LastUsed')}</dt>
              <dd>{when(c.lastUsedAt, never)}</dd>
              <dt>{t('UI_Integration_Col_Calls24h')}</dt>
              <dd>{c.calls24h}</dd>
            </dl>
          ),
        },
        {
          key: 'actions',
          title: t('UI_Integration_Col_Actions'),
          width: 150,
          render: (_, c) => <div className="integration-actions--stacked">{actions(c)}</div>,
        },
      ]}
    />
  );
}
