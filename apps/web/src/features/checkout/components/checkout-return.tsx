import { Alert, Button, Card, Spin } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { isApiError } from '@/lib/api-error';
import { useLanguage } from '@/lib/language';
import { useCartCheckout } from '../api/get-locations-per-cart-id';
import { useFinishCheckout } from '../api/post-finish-checkout';
import { draftFromLocation, mapServerIssues, toLocationInput } from '../checkout-state';

/**
 * Back from the payment page (/my-cart/checkout/:tarjetaId/:cartId): when the ids match the cart's header,
 * the payment-OK alert shows and the checkout finishes by itself (once), then the receipt page opens.
 */
export function CheckoutReturn({ tarjetaId, cartId }: { tarjetaId: string; cartId: number }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const navigate = useNavigate();
  const header = useCartCheckout(cartId, lang);
  const finish = useFinishCheckout();
  const started = useRef(false);
  const [failure, setFailure] = useState<string[] | null>(null);
  const data = header.data;
  const matches = data !== undefined && data.salestableid === cartId && data.tarjetaid === tarjetaId;

  useEffect(() => {
    if (!data || !matches || started.current) return;
    started.current = true;
    const resultUrl = `/my-cart/checkoutresult/${encodeURIComponent(tarjetaId)}/${cartId}`;
    const inputs = data.cartlocations.map((l) => toLocationInput(l, draftFromLocation(l), true));
    finish.mutate(inputs, {
      onSuccess: (result) => navigate(resultUrl, { replace: true, state: { result } }),
      onError: (error) => {
        // The payment notification may have finished it already: the receipt is there.
        if (data.finished) {
          navigate(resultUrl, { replace: true });
          return;
        }
        const mapped = mapServerIssues(isApiError(error) && error.status === 400 ? error.body : null, []);
        setFailure(mapped.general);
      },
    });
  }, [data, matches, tarjetaId, cartId, finish, navigate]);

  if (header.isPending) {
    return (
      <Card>
        <Spin tip={t('UI_Checkout_Loading')}>
          <div style={{ minHeight: 120 }} />
        </Spin>
      </Card>
    );
  }
  if (!matches) {
    return (
      <Alert
        type="warning"
        showIcon
        role="alert"
        title={t('UI_Checkout_ReturnMismatch')}
        action={<Button onClick={() => navigate('/my-cart')}>{t('UI_Checkout_BackToCart')}</Button>}
        data-testid="checkout-return-mismatch"
      />
    );
  }
  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 16 }} data-testid="checkout-return">
      <Alert type="success" showIcon role="status" title={t('Warn_TpvOK')} data-testid="tpv-ok" />
      {failure ? (
        <Alert
          type="error"
          showIcon
          role="alert"
          title={t('Warn_CheckoutERR')}
          description={failure.map((k) => <div key={k}>{t(k)}</div>)}
          action={<Button onClick={() => navigate('/my-cart')}>{t('UI_Checkout_BackToCart')}</Button>}
          data-testid="checkout-error"
        />
      ) : (
        <Card>
          <Spin tip={t('UI_Checkout_Finishing')}>
            <div style={{ minHeight: 120 }} />
          </Spin>
        </Card>
      )}
    </div>
  );
}
