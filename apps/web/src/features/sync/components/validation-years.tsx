import { DeleteOutlined } from '@ant-design/icons';
import {
  SYNC_DEFAULT_VALIDATION_YEAR,
  SYNC_MIN_YEAR,
  type SyncProcedure,
  syncDeleteTableBody,
} from '@portal/contract/sync';
import { message as antMessage, Button, InputNumber, Modal, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { postDeleteTable, useSyncAction } from '../api/sync-actions';

/** The validation year of sales, packing slips and invoices, and deleteTable behind a confirmation (decision 0046). */
function YearRow({ procedure }: { procedure: SyncProcedure }) {
  const { t } = useTranslation();
  const [modal, modalHolder] = Modal.useModal();
  const [message, messageHolder] = antMessage.useMessage();
  const currentYear = new Date().getFullYear();
  const [year, setYear] = useState<number | null>(procedure.validationYear ?? SYNC_DEFAULT_VALIDATION_YEAR);
  const del = useSyncAction(({ iType, ivalue }: { iType: number; ivalue: number }) => postDeleteTable(iType, ivalue));
  const name = t(`SYNC_Proc_${procedure.procName}`);
  const checked = syncDeleteTableBody(currentYear).safeParse({ iType: procedure.iType, ivalue: year });
  return (
    <Space wrap>
      {modalHolder}
      {messageHolder}
      <Typography.Text style={{ minWidth: 150, display: 'inline-block' }}>{name}</Typography.Text>
      <InputNumber
        aria-label={t('SYNC_ValidationYearOf', { name })}
        min={SYNC_MIN_YEAR}
        max={currentYear}
        value={year}
        onChange={(v) => setYear(v)}
        status={checked.success ? undefined : 'error'}
      />
      <Button
        danger
        icon={<DeleteOutlined />}
        disabled={!checked.success}
        data-testid={`sync-delete-${procedure.iType}`}
        onClick={() =>
          modal.confirm({
            title: t('SYNC_DeleteTableTitle'),
            content: t('SYNC_DeleteTableConfirm', { name, year }),
            okText: t('SYNC_Delete'),
            okButtonProps: { danger: true },
            onOk: () =>
              del.mutateAsync({ iType: procedure.iType!, ivalue: year! }).then((r) => {
                message.success(t('MSG_SyncTableDeleted', { count: r.deleted }));
              }),
          })
        }
      >
        {t('SYNC_DeleteTable')}
      </Button>
    </Space>
  );
}

export function ValidationYears({ procedures }: { procedures: SyncProcedure[] }) {
  const { t } = useTranslation();
  return (
    <div className="sync-years">
      <Typography.Paragraph type="secondary">{t('SYNC_ValidationYearHelp')}</Typography.Paragraph>
      {procedures
        .filter((p) => p.iType !== null)
        .map((p) => (
          <YearRow key={p.procName} procedure={p} />
        ))}
    </div>
  );
}
