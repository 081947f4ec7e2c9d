import { ArrowLeftOutlined, CheckOutlined, CreditCardOutlined } from '@ant-design/icons';
import { type CheckoutHeader, type CheckoutLocation, PAYMENT_CHANNEL } from '@portal/contract/cart';
import { checkoutCalls } from '@portal/contract/checkout-calls';
import { ROLES } from '@portal/contract/constants';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, message } from 'antd';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { isApiError } from '@/lib/api-error';
import { invalidateCalls } from '@/lib/call';
import { useUser } from '@/lib/current-user';
import { formatMoney } from '@/lib/format';
import { useLanguage } from '@/lib/language';
import { useAddrList } from '../api/get-addr-list';
import { usePaymentMethods } from '../api/get-payment-methods';
import { useFinishCheckout } from '../api/post-finish-checkout';
import { usePrepareCheckout } from '../api/post-prepare-checkout';
import { type Defaults, firstIssue, mapServerIssues, toLocationInput } from '../checkout-state';
import { useLocationDrafts } from '../hooks/use-location-drafts';
import { postToPaymentPage } from '../payment-redirect';
import { ConfirmLocationModal } from './confirm-location-modal';
import { fieldId } from './issue-field';
import { LocationCard } from './location-card';

/**
 * The checkout of the current cart: one card per store, then preparecheckout; a card payment posts the
 * hidden form to the payment page, anything else finishes at once and goes back to the catalogue.
 */
export function CheckoutForm({ header }: { header: CheckoutHeader }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { data: user } = useUser();
  const locked = user?.roles.includes(ROLES.cartFinishedOnlyByDataDefault) ?? false;
  const addresses = useAddrList();
  const payments = usePaymentMethods();
  const prepare = usePrepareCheckout(lang);
  const finish = useFinishCheckout();
  const [notify, messageHolder] = message.useMessage({ top: 64 });
  const locations = header.cartlocations;
  const stores = locations.map((l) => l.id_almacen);

  const defaults = useMemo<Partial<Defaults>>(
    () => ({
      ...(addresses.data ? { dir: addresses.data.selected } : {}),
      ...(payments.data ? { paymentmethod: payments.data.default } : {}),
    }),
    [addresses.data, payments.data],
  );
  const form = useLocationDrafts(header.salestableid, locations, defaults, locked);
  const [confirmed, setConfirmed] = useState(false);
  const [asking, setAsking] = useState<CheckoutLocation[]>([]);
  const [failure, setFailure] = useState<string[] | null>(null);
  const [busy, setBusy] = useState(false);
  // A ref, not state: a second click in the same frame must not send the checkout twice.
  const sending = useRef(false);

  const usesCard = locations.some(
    (l) =>
      payments.data?.availablemethods.find((m) => m.id === form.drafts[l.id_almacen]?.paymentmethod)?.channel ===
      PAYMENT_CHANNEL.card,
  );

  const focusField = (store: string, field: string) => {
    const index = stores.indexOf(store);
    const el = document.getElementById(fieldId(index, field));
    el?.scrollIntoView({ block: 'center', behavior: 'smooth' });
    el?.focus({ preventScroll: true });
  };

  const send = async (confirmAll: boolean) => {
    if (sending.current) return;
    sending.current = true;
    setBusy(true);
    setFailure(null);
    const inputs = locations.map((l) => toLocationInput(l, form.drafts[l.id_almacen]!, confirmAll));
    try {
      const reply = await prepare.mutateAsync({
        salesTableId: header.salestableid,
        cartLocations: inputs,
        tarjetaId: header.tarjetaid,
      });
      if (reply.paymentchannel === PAYMENT_CHANNEL.card) {
        postToPaymentPage(reply); // the browser leaves for the payment page; the button stays busy
        return;
      }
      await finish.mutateAsync(inputs);
      // The screen goes away at once: a message that outlives it (static, shown above every page).
      void message.success(t('Warn_CheckoutOK'));
      navigate('/product-list/');
    } catch (error) {
      const mapped = mapServerIssues(isApiError(error) && error.status === 400 ? error.body : null, stores);
      form.setServerIssues(mapped.byLocation);
      setFailure(mapped.general);
      // The cart changed meanwhile (another tab): read its checkout again.
      if (mapped.general.includes('WARN_CheckoutERR_CART_CHANGED'))
        void invalidateCalls(queryClient, checkoutCalls.currentFull, checkoutCalls.cartFull);
      const first = firstIssue(stores, mapped.byLocation);
      if (first) focusField(first.store, first.field);
      sending.current = false;
      setBusy(false);
    }
  };

  const onFinish = () => {
    if (sending.current) return;
    form.markSubmitted();
    const first = firstIssue(stores, form.allRuleIssues());
    if (first) {
      notify.error({ key: 'checkout-fix-fields', content: t('UI_Checkout_FixFields') });
      focusField(first.store, first.field);
      return;
    }
    const others = locations.filter((l) => !l.ismylocation);
    if (others.length > 0 && !confirmed) {
      setAsking(others);
      return;
    }
    void send(confirmed || others.length === 0);
  };

  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 16 }} data-testid="checkout">
      {messageHolder}
      {locked ? (
        <Alert type="info" showIcon title={t('UI_Checkout_DefaultsOnly')} data-testid="checkout-defaults-only" />
      ) : null}
      {failure ? (
        <Alert
          type="error"
          showIcon
          role="alert"
          title={t('Warn_CheckoutERR')}
          description={failure.length ? failure.map((k) => <div key={k}>{t(k)}</div>) : undefined}
          data-testid="checkout-error"
        />
      ) : null}
      {locations.map((l, index) => (
        <LocationCard
          key={l.id_almacen}
          index={index}
          location={l}
          draft={form.drafts[l.id_almacen]!}
          issues={form.shown[l.id_almacen] ?? {}}
          addresses={addresses.data}
          payments={payments.data}
          locked={locked}
          busy={busy}
          onChange={(patch, fields) => form.change(l.id_almacen, patch, fields)}
          onAdjust={(patch) => form.adjust(l.id_almacen, patch)}
        />
      ))}
      <div className="checkout-footer">
        <Button icon={<ArrowLeftOutlined />} onClick={() => navigate('/my-cart')} disabled={busy}>
          {t('UI_Checkout_BackToCart')}
        </Button>
        <span className="checkout-grand">
          <span>
            {t('UI_Checkout_VatBase')}:{' '}
            <span className="checkout-money" data-testid="checkout-total">
              {formatMoney(header.totals.netAmount)}
            </span>
          </span>
          <span>
            {t('UI_Checkout_TotalWithVat')}:{' '}
            <strong className="checkout-money" data-testid="checkout-total-vat">
              {formatMoney(header.totalAmount)}
            </strong>
          </span>
          {header.vatExemptReason ? (
            <span className="checkout-muted" data-testid="checkout-vat-exempt">
              {t('UI_Checkout_VatExempt', { reason: header.vatExemptReason })}
            </span>
          ) : null}
        </span>
        <Button
          type="primary"
          size="large"
          icon={usesCard ? <CreditCardOutlined /> : <CheckOutlined />}
          loading={busy}
          disabled={busy}
          onClick={onFinish}
          data-testid="checkout-finish"
        >
          {usesCard ? t('UI_Checkout_FinishAndPay') : t('UI_Checkout_Finish')}
        </Button>
      </div>
      <ConfirmLocationModal
        locations={asking}
        onCancel={() => setAsking([])}
        onConfirm={() => {
          setAsking([]);
          setConfirmed(true);
          void send(true);
        }}
      />
    </div>
  );
}
