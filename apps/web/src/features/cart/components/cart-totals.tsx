import { CheckOutlined } from '@ant-design/icons';
import type { CartTotals } from '@portal/contract/cart';
import { Button, Card } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '@/lib/format';

/** Lines, units, list and net totals (2 decimals), and the button that moves on to the checkout. */
export function CartTotalsCard({ totals, onFinish }: { totals: CartTotals; onFinish: () => void }) {
  const { t } = useTranslation();
  return (
    <Card size="small" title={t('UI_Cart_Totals')} data-testid="cart-totals">
      <div className="cart-totals-row">
        <dl className="cart-totals" style={{ margin: 0 }}>
          <div>
            <dt>{t('UI_Cart_LineCount')}</dt>
            <dd data-testid="total-lines">{totals.lines}</dd>
          </div>
          <div>
            <dt>{t('UI_Cart_Units')}</dt>
            <dd data-testid="total-units">{totals.units}</dd>
          </div>
          <div>
            <dt>{t('UI_Cart_ListAmount')}</dt>
            <dd className="cart-money" data-testid="total-list">
              {formatMoney(totals.listAmount)}
            </dd>
          </div>
          <div>
            <dt>{t('UI_Cart_NetAmount')}</dt>
            <dd className="cart-money cart-net" data-testid="total-net">
              {formatMoney(totals.netAmount)}
            </dd>
          </div>
        </dl>
        {/* The button is not a term of the list: a description list holds only dt/dd groups. */}
        <Button type="primary" size="large" icon={<CheckOutlined />} onClick={onFinish} data-testid="cart-finish">
          {t('UI_Cart_Finish')}
        </Button>
      </div>
    </Card>
  );
}
