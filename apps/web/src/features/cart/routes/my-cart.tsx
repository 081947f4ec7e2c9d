import { AppstoreOutlined, SearchOutlined, ThunderboltOutlined } from '@ant-design/icons';
import { LIMITS } from '@portal/contract/constants';
import { Alert, Button, Card, Empty, message, Result, Skeleton, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { AddToList } from '@/components/add-to-list';
import { useUser } from '@/lib/current-user';
import { useLanguage } from '@/lib/language';
import { useMediaQuery } from '@/lib/use-media-query';
import { useCurrentCart } from '../api/get-current-cart';
import { useMessagesByUser } from '../api/get-messages-by-user';
import { useUbication } from '../api/get-ubication';
import { linesNotFromStock, linesWithoutStore } from '../cart-state';
import { CartLinesList } from '../components/cart-lines-list';
import { CartLinesTable } from '../components/cart-lines-table';
import { CartTotalsCard } from '../components/cart-totals';
import { ReferenceSearchModal } from '../components/reference-search-modal';
import { StockMessageAlerts } from '../components/stock-message-alerts';
import '../cart.css';

/**
 * /my-cart — the lines of the current cart with the store each is served from, the search by reference,
 * the totals and the way on to the checkout. `?payment=ko` comes back from a denied card payment.
 */
export default function MyCartRoute() {
  const { t } = useTranslation();
  const lang = useLanguage();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const { data: user, isPending: userPending } = useUser();
  const canBuy = user?.permitirCompras === true;
  const cart = useCurrentCart(lang, canBuy);
  const messages = useMessagesByUser(canBuy && cart.data?.ubication === 1);
  const home = useUbication(canBuy);
  const narrow = useMediaQuery(`(max-width: ${LIMITS.mobileBreakpointPx}px)`);
  const [notify, messageHolder] = message.useMessage({ top: 64 });
  const [searchOpen, setSearchOpen] = useState(false);
  const [checked, setChecked] = useState(false);

  if (userPending) return <Skeleton active paragraph={{ rows: 6 }} />;
  if (!canBuy) {
    return (
      <Result
        status="403"
        title={t('UI_Cart_NotAllowed')}
        extra={
          <Button type="primary" onClick={() => navigate('/product-list/')}>
            {t('UI_Cart_GoToCatalog')}
          </Button>
        }
      />
    );
  }

  const lines = cart.data?.cartitem_views ?? [];
  const missing = linesWithoutStore(lines);
  const notFromStock = linesNotFromStock(lines);
  const paymentKo = params.get('payment') === 'ko';

  const finish = () => {
    setChecked(true);
    if (missing.length > 0) {
      document.querySelector<HTMLElement>('.cart-line-missing input')?.focus();
      return;
    }
    navigate('/my-cart/checkout');
  };

  const toolbar = (
    <Space wrap>
      <Button icon={<SearchOutlined />} onClick={() => setSearchOpen(true)} data-testid="open-ref-search">
        {t('UI_Cart_SearchByReference')}
      </Button>
      <Button icon={<ThunderboltOutlined />} onClick={() => navigate('/quick-order')} data-testid="open-quick-order">
        {t('UI_QO_Open')}
      </Button>
      <Button icon={<AppstoreOutlined />} onClick={() => navigate('/product-list/')}>
        {t('UI_Cart_ContinueShopping')}
      </Button>
      {(cart.data?.cartitem_views.length ?? 0) > 0 ? <AddToList fromCart label={t('UI_LS_SaveCart')} /> : null}
    </Space>
  );

  let body: React.ReactNode;
  if (cart.isPending) {
    body = (
      <Card data-testid="cart-loading" aria-busy="true">
        <Skeleton active paragraph={{ rows: 6 }} />
      </Card>
    );
  } else if (lines.length === 0) {
    body = (
      <Card>
        <Empty description={t('UI_Cart_Empty')} data-testid="cart-empty">
          <Button type="primary" icon={<AppstoreOutlined />} onClick={() => navigate('/product-list/')}>
            {t('UI_Cart_GoToCatalog')}
          </Button>
        </Empty>
      </Card>
    );
  } else {
    body = (
      <>
        <Card size="small" styles={{ body: { padding: narrow ? 8 : 0 } }}>
          {narrow ? (
            <CartLinesList lines={lines} highlight={checked} />
          ) : (
            <CartLinesTable lines={lines} highlight={checked} />
          )}
        </Card>
        {cart.data ? <CartTotalsCard totals={cart.data.totals} onFinish={finish} /> : null}
      </>
    );
  }

  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 16 }} data-testid="my-cart">
      {messageHolder}
      <div style={{ display: 'flex', justifyContent: 'space-between', gap: 12, flexWrap: 'wrap' }}>
        <Space wrap size={16}>
          {home.data?.nombre ? (
            <span className="cart-muted" style={{ fontSize: 14 }} data-testid="home-store">
              {t('UI_Cart_HomeStore', { store: home.data.nombre })}
            </span>
          ) : null}
        </Space>
        {toolbar}
      </div>
      {paymentKo ? (
        <Alert
          type="error"
          showIcon
          role="alert"
          title={t('UI_Cart_PaymentDenied')}
          description={t('UI_Cart_PaymentDeniedText')}
          closable={{ onClose: () => setParams({}, { replace: true }) }}
          data-testid="payment-ko"
        />
      ) : null}
      {checked && missing.length > 0 ? (
        <Alert
          type="warning"
          showIcon
          role="alert"
          title={t('WARN_CartLocationNotFilled')}
          data-testid="cart-not-filled"
        />
      ) : null}
      {notFromStock.length > 0 ? (
        <Alert
          type="warning"
          showIcon
          title={t('UI_Cart_NotFromStock', { count: notFromStock.length })}
          description={notFromStock.map((l) => l.ref_jumasa).join(', ')}
          data-testid="cart-not-from-stock"
        />
      ) : null}
      {cart.data?.ubication === 1 && messages.data ? (
        <StockMessageAlerts lines={lines} messages={messages.data} />
      ) : null}
      {body}
      <ReferenceSearchModal open={searchOpen} onClose={() => setSearchOpen(false)} notify={notify} />
    </div>
  );
}
