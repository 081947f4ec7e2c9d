import { EditOutlined } from '@ant-design/icons';
import { LANGUAGES } from '@portal/contract/constants';
import { ERP_NAME_MAX } from '@portal/contract/erp-names';
import type { DlvModeNamesRow, PutDlvModeNamesBody } from '@portal/contract/stores';
import { Button, type ButtonProps, Card, Form, List, Modal, message } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { applyNameIssues, ErpNamesFields } from '@/components/erp-names-fields';
import { isApiError } from '@/lib/api-error';
import { useDlvModeNames, usePutDlvModeNamesMutation } from '../api/stores-api';

/**
 * The delivery modes' names by language (decision 0091), on the stores' screen: the back office has no other place
 * for delivery modes. Each mode shows its ERP name and the names admins gave it; "Editar nombres" opens its form.
 */
export function DlvModeNames() {
  const { t } = useTranslation();
  const modes = useDlvModeNames();
  const [editing, setEditing] = useState<DlvModeNamesRow | null>(null);
  return (
    <Card variant="borderless" title={t('UI_Stores_DlvModes')} className="stores-dlv-modes">
      <List<DlvModeNamesRow>
        loading={modes.isPending}
        dataSource={modes.data ?? []}
        locale={{ emptyText: t('UI_Stores_DlvModesEmpty') }}
        data-testid="dlv-modes"
        renderItem={(m) => {
          const named = LANGUAGES.filter((l) => m.NAMES[l.key]);
          return (
            <List.Item
              data-testid={`dlv-mode-${m.DLVMODE}`}
              actions={[
                <Button
                  key="edit"
                  icon={<EditOutlined aria-hidden />}
                  onClick={() => setEditing(m)}
                  aria-label={`${t('UI_Stores_DlvModeEdit')}: ${m.NAME}`}
                  data-testid={`dlv-mode-edit-${m.DLVMODE}`}
                >
                  {t('UI_Stores_DlvModeEdit')}
                </Button>,
              ]}
            >
              <List.Item.Meta
                title={`${m.DLVMODE} · ${m.NAME}`}
                description={
                  named.length === 0
                    ? t('UI_ErpNames_None')
                    : named.map((l) => (
                        <span key={l.key} className="stores-dlv-modes__name">
                          <abbr title={l.title}>{l.key.toUpperCase()}</abbr> <span lang={l.key}>{m.NAMES[l.key]}</span>
                        </span>
                      ))
                }
              />
            </List.Item>
          );
        }}
      />
      {editing ? <DlvModeNamesDialog mode={editing} onClose={() => setEditing(null)} /> : null}
    </Card>
  );
}

function DlvModeNamesDialog({ mode, onClose }: { mode: DlvModeNamesRow; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<PutDlvModeNamesBody>();
  const save = usePutDlvModeNamesMutation();
  const [notify, notifyHolder] = message.useMessage({ top: 64 });

  async function submit(values: PutDlvModeNamesBody) {
    try {
      await save.mutateAsync({ DLVMODE: mode.DLVMODE, NAMES: values.NAMES ?? {} });
      void notify.success(t('WARN_SaveOK'));
      onClose();
    } catch (error) {
      if (isApiError(error) && error.status === 400) applyNameIssues(form, error.issues);
      else throw error;
    }
  }

  return (
    <Modal
      open
      title={t('UI_Stores_DlvModeEditOf', { name: mode.NAME })}
      onCancel={onClose}
      okText={t('UI_Stores_Save')}
      cancelText={t('UI_Stores_Cancel')}
      onOk={() => form.submit()}
      confirmLoading={save.isPending}
      destroyOnHidden
      okButtonProps={{ 'data-testid': 'dlv-mode-save' } as ButtonProps}
    >
      {notifyHolder}
      <Form<PutDlvModeNamesBody>
        form={form}
        layout="vertical"
        initialValues={{ DLVMODE: mode.DLVMODE, NAMES: mode.NAMES }}
        onFinish={submit}
        data-testid="dlv-mode-form"
      >
        <ErpNamesFields erpName={mode.NAME} max={ERP_NAME_MAX.deliveryMode} testId="dlv-mode-names" />
      </Form>
    </Modal>
  );
}
