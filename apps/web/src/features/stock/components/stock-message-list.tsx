import { DeleteOutlined, EditOutlined } from '@ant-design/icons';
import type { StockMessage } from '@portal/contract/stock';
import { Button, Empty, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { StatusTag } from '@/components/data-grid/status-tag';
import { useMediaQuery } from '@/lib/use-media-query';

type Props = {
  messages: StockMessage[];
  loading: boolean;
  onDelete: (message: StockMessage) => void;
};

const ActiveTag = ({ active }: { active: boolean }) => {
  const { t } = useTranslation();
  return <StatusTag tone={active ? 'green' : 'grey'}>{t(active ? 'UI_Rules_Active' : 'UI_Rules_Inactive')}</StatusTag>;
};

/**
 * The stock messages: a table on wide screens, one card per message on a phone. Pages of 20: one store's
 * messages (to and from each other store) fit on one page.
 */
export function StockMessageList({ messages, loading, onDelete }: Props) {
  const { t } = useTranslation();
  const phone = useMediaQuery('(max-width: 640px)');
  const actions = (m: StockMessage) => (
    <span className="stock-actions">
      <Link
        to={`/setting/stockmessages/${m.Id}`}
        aria-label={t('UI_Rules_EditMessage', {
          origin: m.InventLocationOrigenName,
          destination: m.InventLocationDestineName,
        })}
        data-testid="stock-message-edit"
      >
        <EditOutlined aria-hidden /> {t('UI_Rules_Edit')}
      </Link>
      <Button
        type="text"
        danger
        size="small"
        icon={<DeleteOutlined />}
        onClick={() => onDelete(m)}
        aria-label={t('UI_Rules_DeleteMessage', {
          origin: m.InventLocationOrigenName,
          destination: m.InventLocationDestineName,
        })}
        data-testid="stock-message-delete"
      />
    </span>
  );
  const empty = <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('UI_Rules_NoMessages')} />;

  if (phone) {
    if (!loading && messages.length === 0) return empty;
    return (
      <ul className="stock-cards" aria-busy={loading}>
        {messages.map((m) => (
          <li key={m.Id} className="stock-card" data-testid="stock-message-row">
            <div className="stock-card__pair">
              <span>{m.InventLocationOrigenName}</span>
              <span aria-hidden>→</span>
              <span>{m.InventLocationDestineName}</span>
            </div>
            <p className="stock-card__text">{m.Mensaje}</p>
            <div className="stock-card__foot">
              <ActiveTag active={m.SW_Activo} />
              {actions(m)}
            </div>
          </li>
        ))}
      </ul>
    );
  }
  return (
    <Table<StockMessage>
      rowKey="Id"
      size="middle"
      loading={loading}
      dataSource={messages}
      locale={{ emptyText: empty }}
      pagination={{ defaultPageSize: 20, showSizeChanger: true, pageSizeOptions: [10, 20, 30], hideOnSinglePage: true }}
      onRow={() => ({ 'data-testid': 'stock-message-row' }) as React.HTMLAttributes<HTMLElement>}
      columns={[
        {
          key: 'origin',
          title: t('UI_Rules_Origin'),
          render: (_, m) => m.InventLocationOrigenName,
          sorter: (a, b) => a.InventLocationOrigenName.localeCompare(b.InventLocationOrigenName),
        },
        {
          key: 'destination',
          title: t('UI_Rules_Destination'),
          render: (_, m) => m.InventLocationDestineName,
          sorter: (a, b) => a.InventLocationDestineName.localeCompare(b.InventLocationDestineName),
        },
        { key: 'text', title: t('UI_Rules_Message'), dataIndex: 'Mensaje', className: 'stock-table__text' },
        { key: 'active', title: t('UI_Rules_State'), render: (_, m) => <ActiveTag active={m.SW_Activo} />, width: 110 },
        { key: 'actions', title: t('UI_Rules_Actions'), render: (_, m) => actions(m), width: 150 },
      ]}
    />
  );
}
