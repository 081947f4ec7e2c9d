import { ArrowLeftOutlined } from '@ant-design/icons';
import { ERP_NAME_MAX } from '@portal/contract/erp-names';
import { type PutStockBody, putStockBody, STOCK_CALC_TYPE_CODES, STORES_LIMITS } from '@portal/contract/stores';
import { Alert, Button, Card, Form, Input, message, Select, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { applyNameIssues, ErpNamesFields } from '@/components/erp-names-fields';
import { isApiError } from '@/lib/api-error';
import { applyServerIssues, zodFieldRule } from '@/lib/zod-form';
import { usePutStockMutation, useStore } from '../api/stores-api';
import '../stores.css';

const FIELDS = ['JUMNOTICEMAIL', 'JUMRETURNMAIL', 'NOSYNC_StockCalcType'];

/**
 * /setting/stock/:detail — a store's notice and return e-mails, its stock calculation type (decision 0043) and its
 * names by language (decision 0091).
 */
export function StoreDetail({ id }: { id: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const found = useStore(id);
  const [notify, notifyHolder] = message.useMessage({ top: 64 });
  const [form] = Form.useForm<PutStockBody>();
  const save = usePutStockMutation();
  const rule = (field: string) => [zodFieldRule(putStockBody, field)];

  async function submit(values: PutStockBody) {
    try {
      await save.mutateAsync({ ...values, INVENTLOCATIONID: id });
      void notify.success(t('WARN_SaveOK'));
    } catch (error) {
      if (isApiError(error) && error.status === 400) {
        applyServerIssues(form, error.issues, FIELDS);
        applyNameIssues(form, error.issues);
      } else throw error;
    }
  }

  return (
    <Card
      variant="borderless"
      className="stores-detail"
      title={found.data ? `${found.data.INVENTLOCATIONID} · ${found.data.NAME}` : t('UI_Title_Stock')}
      extra={
        <Button icon={<ArrowLeftOutlined />} onClick={() => navigate('/setting/stock')} data-testid="store-back">
          {t('UI_Stores_Back')}
        </Button>
      }
    >
      {notifyHolder}
      {found.isError ? (
        <Alert type="warning" showIcon title={t('UI_Stores_NotFound')} />
      ) : !found.data ? (
        <Skeleton active />
      ) : (
        <Form<PutStockBody>
          key={found.dataUpdatedAt}
          form={form}
          layout="vertical"
          initialValues={found.data as PutStockBody}
          onFinish={submit}
          data-testid="store-form"
        >
          <Form.Item
            name="JUMNOTICEMAIL"
            label={t('UI_Stores_NoticeMail')}
            rules={rule('JUMNOTICEMAIL')}
            extra={t('UI_Stores_NoticeMailHelp')}
          >
            <Input
              inputMode="email"
              autoComplete="off"
              maxLength={STORES_LIMITS.emailMax}
              data-testid="store-notice-mail"
            />
          </Form.Item>
          <Form.Item
            name="JUMRETURNMAIL"
            label={t('UI_Stores_ReturnMail')}
            rules={rule('JUMRETURNMAIL')}
            extra={t('UI_Stores_ReturnMailHelp')}
          >
            <Input
              inputMode="email"
              autoComplete="off"
              maxLength={STORES_LIMITS.emailMax}
              data-testid="store-return-mail"
            />
          </Form.Item>
          <Form.Item name="NOSYNC_StockCalcType" label={t('UI_Stores_CalcType')} rules={rule('NOSYNC_StockCalcType')}>
            <Select
              options={STOCK_CALC_TYPE_CODES.map((c) => ({ value: c, label: t(`UI_Stores_Calc${c}`) }))}
              data-testid="store-calc"
            />
          </Form.Item>
          <ErpNamesFields erpName={found.data.NAME} max={ERP_NAME_MAX.store} testId="store-names" />
          <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="store-save">
            {t('UI_Stores_Save')}
          </Button>
        </Form>
      )}
    </Card>
  );
}
