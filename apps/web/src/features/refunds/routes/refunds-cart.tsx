import { Button, Empty, message, Spin, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useLanguage } from '@/lib/language';
import { useRefundsCart } from '../api/get-refunds-cart';
import { CartLine } from '../components/cart-line';
import { FinishDialog } from '../components/finish-dialog';
import '../components/refunds.css';

/**
 * /myrefundscart — the refunds cart (spec part 2 §2): each line's quantity, comment and evidence; Finalizar asks
 * the observations and the address and makes one refund, then goes to the refunds list.
 */
export default function RefundsCartRoute() {
  const { t } = useTranslation();
  const lang = useLanguage();
  const navigate = useNavigate();
  const cart = useRefundsCart(lang);
  const [finishing, setFinishing] = useState(false);
  const [notify, holder] = message.useMessage({ top: 64 });
  const lines = cart.data?.lines ?? [];
  if (cart.isPending) return <Spin />;
  return (
    <div className="refund-cart">
      {holder}
      <div className="refund-cart-bar">
        <Typography.Title level={2} style={{ margin: 0 }}>
          {t('UI_Title_RefundsCart')}
        </Typography.Title>
        {lines.length > 0 ? (
          <Button type="primary" onClick={() => setFinishing(true)} data-testid="refund-finish">
            {t('UI_Refunds_Finish')}
          </Button>
        ) : null}
      </div>
      {lines.length === 0 ? (
        <Empty description={t('UI_Refunds_CartEmpty')}>
          <Link to="/packingslip">{t('UI_Refunds_GoToPackingSlips')}</Link>
        </Empty>
      ) : (
        lines.map((line) => <CartLine key={line.id} line={line} />)
      )}
      {finishing && cart.data ? (
        <FinishDialog
          cartId={cart.data.Id}
          onClose={() => setFinishing(false)}
          onDone={(id) => {
            void notify.success(t('UI_Refunds_Finished', { id }));
            navigate(`/allrefunds/${id}`);
          }}
        />
      ) : null}
    </div>
  );
}
