import type { IntegrationCredentials } from '@portal/contract/integration';
import { Alert, Button, Descriptions, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

type Props = {
  /** The credentials just made (a new client, or a rotated secret); null: closed. */
  credentials: (IntegrationCredentials & { name: string; rotated: boolean }) | null;
  onClose: () => void;
};

/**
 * The client_id and the secret, shown this once (decision 0058): the portal keeps only a digest of the secret, so
 * the modal closes only when the admin says the secret is stored.
 */
export function SecretModal({ credentials, onClose }: Props) {
  const { t } = useTranslation();
  return (
    <Modal
      open={credentials !== null}
      title={t(credentials?.rotated ? 'UI_Integration_SecretRotatedTitle' : 'UI_Integration_SecretTitle', {
        name: credentials?.name ?? '',
      })}
      closable={false}
      mask={{ closable: false }}
      keyboard={false}
      width={640}
      footer={
        <Button type="primary" onClick={onClose} data-testid="integration-secret-done">
          {t('UI_Integration_SecretStored')}
        </Button>
      }
      destroyOnHidden
    >
      {credentials ? (
        <div data-testid="integration-secret">
          <Alert
            type="warning"
            showIcon
            role="alert"
            title={t('UI_Integration_SecretOnce')}
            description={t('UI_Integration_SecretOnceHelp')}
            className="integration-secret__alert"
          />
          <Descriptions column={1} bordered size="small" className="integration-secret__list">
            <Descriptions.Item label="client_id">
              <Typography.Text code copyable={{ tooltips: [t('UI_Integration_Copy'), t('UI_Integration_Copied')] }}>
                <span data-testid="integration-secret-client-id">{credentials.clientId}</span>
              </Typography.Text>
            </Descriptions.Item>
            <Descriptions.Item label="client_secret">
              <Typography.Text
                code
                className="integration-secret__value"
                copyable={{ tooltips: [t('UI_Integration_Copy'), t('UI_Integration_Copied')] }}
              >
                <span data-testid="integration-secret-value">{credentials.clientSecret}</span>
              </Typography.Text>
            </Descriptions.Item>
            <Descriptions.Item label={t('UI_Integration_TokenUrl')}>
              <Typography.Text code>{`${window.location.origin}/token`}</Typography.Text>
            </Descriptions.Item>
          </Descriptions>
        </div>
      ) : null}
    </Modal>
  );
}
