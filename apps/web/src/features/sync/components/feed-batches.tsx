import type { FeedBatch } from '@portal/contract/integration-feeds';
import { Table } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useFeedBatches } from '../api/get-feed-batches';
import { feedLag } from '../feed-lag';

/** The last batch the ERP sent through each feed (decision 0060): rows, outcomes, lag and when. */
export function FeedBatches() {
  const { t } = useTranslation();
  const batches = useFeedBatches();
  return (
    <Table<FeedBatch>
      data-testid="sync-feeds"
      size="small"
      rowKey={(b) => `${b.feed}|${b.client}`}
      dataSource={batches.data ?? []}
      loading={batches.isLoading}
      pagination={false}
      scroll={{ x: 'max-content' }}
      locale={{ emptyText: t('SYNC_NoFeedBatches') }}
      columns={[
        { key: 'feed', title: t('SYNC_Feed'), dataIndex: 'feed' },
        { key: 'client', title: t('SYNC_FeedClient'), dataIndex: 'client' },
        { key: 'rows', title: t('SYNC_FeedRows'), align: 'right', dataIndex: 'rows' },
        { key: 'applied', title: t('SYNC_FeedApplied'), align: 'right', dataIndex: 'applied' },
        { key: 'unchanged', title: t('SYNC_FeedUnchanged'), align: 'right', dataIndex: 'unchanged' },
        { key: 'refused', title: t('SYNC_FeedRefused'), align: 'right', dataIndex: 'refused' },
        { key: 'lag', title: t('SYNC_FeedLag'), align: 'right', render: (_, b) => feedLag(b.lagSeconds) },
        { key: 'at', title: t('SYNC_FeedAt'), render: (_, b) => dayjs(b.finishedAt).format('DD/MM/YYYY HH:mm:ss') },
      ]}
    />
  );
}
