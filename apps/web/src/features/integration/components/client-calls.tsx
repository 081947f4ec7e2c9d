import type { IntegrationCall } from '@portal/contract/integration';
import { INTEGRATION_LIMITS } from '@portal/contract/integration';
import { Empty, Table, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@/lib/format';
import { useIntegrationCalls } from '../api/get-integration-calls';

const tone = (status: number) => (status < 300 ? 'green' : status < 500 ? 'gold' : 'red');

/** A client's recent calls, newest first, a page at a time (the table scrolls sideways on a phone). */
export function ClientCalls({ id }: { id: string }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const [rows, setRows] = useState<number>(INTEGRATION_LIMITS.callPageSizes[0]);
  const { data, isFetching } = useIntegrationCalls(id, page, rows);
  return (
    <Table<IntegrationCall>
      rowKey="id"
      size="small"
      loading={isFetching}
      dataSource={data?.rows ?? []}
      scroll={{ x: 720 }}
      data-testid="integration-calls"
      locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('UI_Integration_NoCalls')} /> }}
      pagination={{
        current: page,
        pageSize: rows,
        total: data?.records ?? 0,
        hideOnSinglePage: true,
        showSizeChanger: true,
        pageSizeOptions: [...INTEGRATION_LIMITS.callPageSizes],
        onChange: (p, size) => {
          setPage(size === rows ? p : 1);
          setRows(size);
        },
      }}
      columns={[
        { key: 'at', title: t('UI_Integration_Col_At'), width: 170, render: (_, c) => formatDateTime(c.at) },
        { key: 'method', title: t('UI_Integration_Col_Method'), width: 90, dataIndex: 'method' },
        { key: 'path', title: t('UI_Integration_Col_Path'), dataIndex: 'path', className: 'integration-url' },
        {
          key: 'status',
          title: t('UI_Integration_Col_Status'),
          width: 90,
          render: (_, c) => <Tag className={`integration-tag integration-tag--${tone(c.status)}`}>{c.status}</Tag>,
        },
        {
          key: 'rows',
          title: t('UI_Integration_Col_Rows'),
          width: 90,
          align: 'right',
          render: (_, c) => c.rows ?? '—',
        },
        {
          key: 'ms',
          title: t('UI_Integration_Col_Duration'),
          width: 90,
          align: 'right',
          render: (_, c) => (c.durationMs === null ? '—' : `${c.durationMs} ms`),
        },
      ]}
    />
  );
}
