import { PlusOutlined } from '@ant-design/icons';
import { type IntegrationClient, type IntegrationCredentials, integrationAdmin } from '@portal/contract/integration';
import { message as antMessage, Button, Card, Modal, Result, Spin, Tabs, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useUser } from '@/lib/current-user';
import { translateMessage } from '@/lib/i18n';
import { mayCall } from '@/lib/may-call';
import { useIntegrationClients } from '../api/get-integration-clients';
import { useRevokeIntegrationClient } from '../api/revoke-integration-client';
import { useRotateIntegrationSecret } from '../api/rotate-integration-secret';
import { ClientCalls } from './client-calls';
import { ClientList } from './client-list';
import { ClientWebhooks } from './client-webhooks';
import { NewClientModal } from './new-client-modal';
import { SecretModal } from './secret-modal';

type Shown = IntegrationCredentials & { name: string; rotated: boolean };

/** The integration clients (admins; decision 0058): who may call the integration API, and where events go. */
function IntegrationClients() {
  const { t } = useTranslation();
  const [modal, modalHolder] = Modal.useModal();
  const [message, messageHolder] = antMessage.useMessage({ top: 64 });
  const { data, isPending } = useIntegrationClients();
  const rotate = useRotateIntegrationSecret();
  const revoke = useRevokeIntegrationClient();
  const [creating, setCreating] = useState(false);
  const [shown, setShown] = useState<Shown | null>(null);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const clients = data?.clients ?? [];
  const selected = clients.find((c) => c.id === selectedId) ?? null;

  const confirmRotate = (c: IntegrationClient) =>
    modal.confirm({
      title: t('UI_Integration_RotateTitle', { name: c.name }),
      content: t('UI_Integration_RotateConfirm'),
      okText: t('UI_Integration_Rotate'),
      okButtonProps: { danger: true },
      cancelText: t('UI_Integration_Cancel'),
      onOk: () => rotate.mutateAsync(c.id).then((r) => setShown({ ...r, name: c.name, rotated: true })),
    });
  const confirmRevoke = (c: IntegrationClient) =>
    modal.confirm({
      title: t('UI_Integration_RevokeTitle', { name: c.name }),
      content: t('UI_Integration_RevokeConfirm'),
      okText: t('UI_Integration_Revoke'),
      okButtonProps: { danger: true },
      cancelText: t('UI_Integration_Cancel'),
      onOk: () => revoke.mutateAsync(c.id).then((r) => void message.success(translateMessage(r.message))),
    });

  return (
    <div className="integration-screen">
      <Card variant="borderless">
        {modalHolder}
        {messageHolder}
        <div className="integration-toolbar">
          <Typography.Paragraph className="integration-toolbar__help">{t('UI_Integration_Help')}</Typography.Paragraph>
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => setCreating(true)}
            data-testid="integration-new"
          >
            {t('UI_Integration_NewClient')}
          </Button>
        </div>
        <ClientList
          clients={clients}
          loading={isPending}
          selectedId={selectedId}
          onSelect={(c) => setSelectedId(c.id)}
          onRotate={confirmRotate}
          onRevoke={confirmRevoke}
        />
      </Card>
      {selected ? (
        <Card
          variant="borderless"
          className="integration-detail"
          title={<h2 className="integration-title">{selected.name}</h2>}
          extra={
            <Button type="text" onClick={() => setSelectedId(null)}>
              {t('UI_Integration_Close')}
            </Button>
          }
          data-testid="integration-detail"
        >
          <Tabs
            items={[
              {
                key: 'webhooks',
                label: t('UI_Integration_Webhooks'),
                children: <ClientWebhooks id={selected.id} revoked={selected.revokedAt !== null} />,
              },
              { key: 'calls', label: t('UI_Integration_RecentCalls'), children: <ClientCalls id={selected.id} /> },
            ]}
          />
        </Card>
      ) : null}
      <NewClientModal
        open={creating}
        onCancel={() => setCreating(false)}
        onCreated={(credentials, name) => {
          setCreating(false);
          setSelectedId(credentials.id);
          setShown({ ...credentials, name, rotated: false });
        }}
      />
      <SecretModal credentials={shown} onClose={() => setShown(null)} />
    </div>
  );
}

/** The integration clients screen, or a 403 page for whoever may not read the clients (the server refuses them too). */
export function IntegrationScreen() {
  const { t } = useTranslation();
  const { data: user, isPending } = useUser();
  if (isPending) return <Spin style={{ display: 'block', margin: '48px auto' }} />;
  if (!mayCall(integrationAdmin.listClients, user)) {
    return <Result status="403" title={t('UI_AccessDeniedTitle')} subTitle={t('UI_Integration_AdminsOnly')} />;
  }
  return <IntegrationClients />;
}
