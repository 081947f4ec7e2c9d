import { RedoOutlined } from '@ant-design/icons';
import type { SyncError } from '@portal/contract/sync';
import { message as antMessage, Button, Table } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useSyncErrors } from '../api/get-sync-errors';
import { postRetryError, useSyncAction } from '../api/sync-actions';

/** The changes that could not be applied, each with a retry. */
export function ErrorQueue() {
  const { t } = useTranslation();
  const [message, messageHolder] = antMessage.useMessage();
  const errors = useSyncErrors();
  const retry = useSyncAction(postRetryError);
  return (
    <>
      {messageHolder}
      <Table<SyncError>
        data-testid="sync-errors"
        size="small"
        rowKey="id"
        dataSource={errors.data ?? []}
        pagination={false}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: t('SYNC_NoErrors') }}
        columns={[
          { key: 'proc', title: t('SYNC_Procedure'), render: (_, e) => t(`SYNC_Proc_${e.procName}`) },
          { key: 'item', title: t('SYNC_Item'), dataIndex: 'itemKey' },
          { key: 'message', title: t('SYNC_Message'), dataIndex: 'message' },
          { key: 'retries', title: t('SYNC_Retries'), align: 'right', dataIndex: 'retries' },
          { key: 'at', title: t('SYNC_Since'), render: (_, e) => dayjs(e.createdAt).format('DD/MM/YYYY HH:mm') },
          {
            key: 'retry',
            title: '',
            render: (_, e) => (
              <Button
                size="small"
                icon={<RedoOutlined />}
                loading={retry.isPending && retry.variables === e.id}
                onClick={() =>
                  retry.mutate(e.id, {
                    onSuccess: (r) => (r.resolved ? message.success(t(r.message)) : message.warning(t(r.message))),
                  })
                }
              >
                {t('SYNC_Retry')}
              </Button>
            ),
          },
        ]}
      />
    </>
  );
}
