import { PlusOutlined } from '@ant-design/icons';
import { PAYMENT_METHODS_GRID, type PaymentMethod } from '@portal/contract/paymentmethods';
import { Button, Card } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { DataGrid } from '@/components/data-grid/data-grid';
import { useJqGrid } from '@/components/data-grid/use-jq-grid';
import { paymentMethodsGridQueryOptions } from '../api/get-payment-methods-grid';
import { usePaymentMethodColumns } from '../components/payment-method-columns';
import { PaymentMethodDetail } from '../components/payment-method-detail';
import '../paymentmethods.css';

/**
 * /setting/paymentmethod, /setting/paymentmethod/new (?c_id= offers it to that client alone) and
 * /setting/paymentmethod/:detail — the payment methods (spec part 2 §2; decision 0042).
 */
export default function PaymentMethodsRoute() {
  const { detail } = useParams();
  if (detail === 'new') return <PaymentMethodDetail id={0} />;
  if (detail && /^\d+$/.test(detail)) return <PaymentMethodDetail id={Number(detail)} />;
  return <PaymentMethodsList />;
}

function PaymentMethodsList() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const columns = usePaymentMethodColumns();
  const grid = useJqGrid({ definition: PAYMENT_METHODS_GRID, columns, query: paymentMethodsGridQueryOptions });
  return (
    <Card variant="borderless" title={t('UI_Title_PaymentMethods')}>
      <DataGrid<PaymentMethod>
        grid={grid}
        rowKey={(row) => String(row.Id_Tarjeta)}
        isSelected={() => false}
        onSelect={(row) => navigate(`/setting/paymentmethod/${row.Id_Tarjeta}`)}
        label={t('UI_Title_PaymentMethods')}
        emptyText={t('UI_Rules_NoPaymentMethods')}
        toolbar={
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => navigate('/setting/paymentmethod/new')}
            data-testid="payment-method-new"
          >
            {t('UI_Rules_NewPaymentMethod')}
          </Button>
        }
        testId="payment-methods-grid"
      />
    </Card>
  );
}
