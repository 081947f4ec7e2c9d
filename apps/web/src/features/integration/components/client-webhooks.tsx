import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { INTEGRATION_LIMITS, INTEGRATION_MESSAGES, webhookUrlProblem } from '@portal/contract/integration';
import { message as antMessage, Button, Empty, Form, Input, List, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@/lib/api-error';
import { formatDateTime } from '@/lib/format';
import { translateMessage } from '@/lib/i18n';
import { useAddIntegrationWebhook } from '../api/add-integration-webhook';
import { useIntegrationWebhooks } from '../api/get-integration-webhooks';
import { useRemoveIntegrationWebhook } from '../api/remove-integration-webhook';

type Props = { id: string; revoked: boolean };

/**
 * A client's webhook endpoints, where the portal delivers its events: added after the contract's URL rule (https;
 * http on this machine only outside production, as the server says), removed after a confirmation.
 */
export function ClientWebhooks({ id, revoked }: Props) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ url: string }>();
  const [modal, modalHolder] = Modal.useModal();
  const [message, messageHolder] = antMessage.useMessage({ top: 64 });
  const { data, isPending } = useIntegrationWebhooks(id);
  const add = useAddIntegrationWebhook();
  const remove = useRemoveIntegrationWebhook();
  const allowPlainHttpLoopback = data?.allowPlainHttpLoopback ?? false;
  const full = (data?.webhooks.length ?? 0) >= INTEGRATION_LIMITS.webhooksMax;

  async function submit({ url }: { url: string }) {
    try {
      await add.mutateAsync({ id, url: url.trim() });
      form.resetFields();
    } catch (error) {
      if (!isApiError(error) || (error.status !== 400 && error.status !== 409)) throw error;
      form.setFields([{ name: 'url', errors: [translateMessage(error.body?.message ?? 'WARN_ValidationError')] }]);
    }
  }

  const confirmRemove = (webhookId: number, url: string) =>
    modal.confirm({
      title: t('UI_Integration_RemoveWebhookTitle'),
      content: t('UI_Integration_RemoveWebhookConfirm', { url }),
      okText: t('UI_Integration_Remove'),
      okButtonProps: { danger: true },
      cancelText: t('UI_Integration_Cancel'),
      onOk: () => remove.mutateAsync({ id, webhookId }).then((r) => void message.success(translateMessage(r.message))),
    });

  return (
    <div className="integration-webhooks" data-testid="integration-webhooks">
      {modalHolder}
      {messageHolder}
      <Typography.Paragraph type="secondary">
        {t(allowPlainHttpLoopback ? 'UI_Integration_WebhooksHelpLoopback' : 'UI_Integration_WebhooksHelp')}
      </Typography.Paragraph>
      {revoked ? null : (
        <Form form={form} layout="inline" onFinish={submit} className="integration-webhook-form">
          <Form.Item
            name="url"
            label={t('UI_Integration_WebhookUrl')}
            className="integration-webhook-form__url"
            rules={[
              {
                validator: async (_, value: string | undefined) => {
                  const problem = webhookUrlProblem(value ?? '', { allowPlainHttpLoopback });
                  if (problem) throw new Error(translateMessage(problem));
                },
              },
            ]}
          >
            <Input
              placeholder="https://erp.example.com/portal/events"
              maxLength={INTEGRATION_LIMITS.urlMax}
              inputMode="url"
              data-testid="integration-webhook-url"
            />
          </Form.Item>
          <Form.Item>
            <Button
              type="primary"
              htmlType="submit"
              icon={<PlusOutlined />}
              loading={add.isPending}
              disabled={full}
              title={full ? translateMessage(INTEGRATION_MESSAGES.tooManyWebhooks) : undefined}
              data-testid="integration-webhook-add"
            >
              {t('UI_Integration_AddWebhook')}
            </Button>
          </Form.Item>
        </Form>
      )}
      <List
        loading={isPending}
        dataSource={data?.webhooks ?? []}
        locale={{
          emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('UI_Integration_NoWebhooks')} />,
        }}
        renderItem={(w) => (
          <List.Item
            data-testid="integration-webhook"
            actions={[
              <Button
                key="remove"
                type="text"
                danger
                size="small"
                icon={<DeleteOutlined />}
                onClick={() => confirmRemove(w.id, w.url)}
                aria-label={t('UI_Integration_RemoveWebhookOf', { url: w.url })}
                data-testid="integration-webhook-remove"
              />,
            ]}
          >
            <List.Item.Meta
              title={<span className="integration-url">{w.url}</span>}
              description={t('UI_Integration_AddedOn', { date: formatDateTime(w.createdAt) })}
            />
          </List.Item>
        )}
      />
    </div>
  );
}
