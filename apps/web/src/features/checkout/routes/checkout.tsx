import { ArrowLeftOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Result, Skeleton } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { isApiError } from '@/lib/api-error';
import { useUser } from '@/lib/current-user';
import { useLanguage } from '@/lib/language';
import { useCurrentCheckout } from '../api/get-locations-per-current-cart';
import { CheckoutForm } from '../components/checkout-form';
import { CheckoutReturn } from '../components/checkout-return';
import '../checkout.css';

function BackToCart() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Button icon={<ArrowLeftOutlined />} onClick={() => navigate('/my-cart')}>
      {t('UI_Checkout_BackToCart')}
    </Button>
  );
}

/** The checkout of the current cart; an empty one (and no return parameters) goes back to the cart. */
function CurrentCheckout() {
  const { t } = useTranslation();
  const lang = useLanguage();
  const navigate = useNavigate();
  const header = useCurrentCheckout(lang, true);
  const refusal = isApiError(header.error) && header.error.status === 400 ? header.error.body?.message : undefined;
  const empty = refusal === 'WARN_CheckoutERR_CART' || header.data?.cartlocations.length === 0;

  useEffect(() => {
    if (empty) navigate('/my-cart', { replace: true });
  }, [empty, navigate]);

  if (header.isPending || empty) {
    return (
      <div
        style={{ display: 'flex', flexDirection: 'column', gap: 16 }}
        aria-busy="true"
        data-testid="checkout-loading"
      >
        {[0, 1].map((i) => (
          <Card key={i}>
            <Skeleton active paragraph={{ rows: 5 }} />
          </Card>
        ))}
      </div>
    );
  }
  if (header.isError) {
    return (
      <Alert
        type={refusal ? 'warning' : 'error'}
        showIcon
        role="alert"
        title={t(refusal ?? 'Warn_CheckoutERR')}
        action={<BackToCart />}
        data-testid="checkout-refused"
      />
    );
  }
  return <CheckoutForm header={header.data} />;
}

/**
 * /my-cart/checkout, /my-cart/checkout/:tarjetaId/:cartId (and ?tarjetaId=&cartId=): the checkout, or the
 * return from the payment page.
 */
export default function CheckoutRoute() {
  const { t } = useTranslation();
  const params = useParams();
  const [query] = useSearchParams();
  const { data: user, isPending } = useUser();
  const tarjetaId = params.tarjetaId ?? query.get('tarjetaId');
  const cartId = Number(params.cartId ?? query.get('cartId'));

  if (isPending) return <Skeleton active paragraph={{ rows: 6 }} />;
  if (!user?.permitirCompras) {
    return <Result status="403" title={t('UI_Cart_NotAllowed')} extra={<BackToCart />} />;
  }
  if (tarjetaId && Number.isInteger(cartId) && cartId > 0) {
    return <CheckoutReturn key={`${tarjetaId}/${cartId}`} tarjetaId={tarjetaId} cartId={cartId} />;
  }
  return <CurrentCheckout />;
}
