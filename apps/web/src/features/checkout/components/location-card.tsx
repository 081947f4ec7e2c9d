import { ShopOutlined } from '@ant-design/icons';
import {
  type AddressListResponse,
  type AlternativeAddress,
  type CheckoutLocation,
  type DlvModesResponse,
  PAYMENT_CHANNEL,
  type PaymentMethodsResponse,
  withoutDisallowedCharacters,
} from '@portal/contract/cart';
import { LIMITS } from '@portal/contract/constants';
import { Card, Col, Form, Input, Row, Select, Switch, Tag } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '@/lib/format';
import { useDlvModesList } from '../api/get-dlv-modes-list';
import type { FieldIssues, LocationDraft } from '../checkout-state';
import { AlternativeAddressFields } from './alternative-address-fields';
import { fieldId, IssueField, issueProps } from './issue-field';
import { LocationItems } from './location-items';

type LocationCardProps = {
  index: number;
  location: CheckoutLocation;
  draft: LocationDraft;
  issues: FieldIssues;
  addresses: AddressListResponse | undefined;
  payments: PaymentMethodsResponse | undefined;
  /** CartFinishedOnlyByDataDefault: address, delivery mode and payment method are the defaults. */
  locked: boolean;
  /** While the checkout is being sent. */
  busy: boolean;
  onChange: (patch: Partial<LocationDraft>, fields: string[]) => void;
  onAdjust: (patch: Partial<LocationDraft>) => void;
};

/** One store of the checkout: its items, where and how it is delivered, how it is paid, the references. */
export function LocationCard(props: LocationCardProps) {
  const { index, location, draft, issues, addresses, payments, locked, busy, onChange, onAdjust } = props;
  const { t } = useTranslation();
  const alt = draft.hasalternativeaddress;
  const modes = useDlvModesList(location.id_almacen, alt ? null : draft.dir, alt);

  // The store's default delivery mode fills an empty one when a list arrives, and replaces a mode the store
  // does not offer for this address (locked: always the default). A mode replaced so is said under the field, and
  // the one the alternative address replaced comes back when the list's address does (issue 25, decision 0076).
  const seen = useRef<DlvModesResponse | null>(null);
  const labels = useRef(new Map<string, string>());
  const beforeAlternative = useRef<string | null>(null);
  const [modeNote, setModeNote] = useState<string | null>(null);
  const label = (mode: string) => labels.current.get(mode) ?? mode;
  useEffect(() => {
    const data = modes.data;
    if (!data) return;
    for (const m of data.dlvmodes) labels.current.set(m.id, m.label);
    const fresh = seen.current !== data;
    seen.current = data;
    const fallback = data.selected ?? null;
    const offered = data.dlvmodes.some((m) => m.id === draft.dlvmode);
    const replace = locked || (draft.dlvmode === null ? fresh : !offered);
    if (!replace || draft.dlvmode === fallback) return;
    onAdjust({ dlvmode: fallback });
    if (locked || draft.dlvmode === null || fallback === null) return;
    const from = labels.current.get(draft.dlvmode) ?? draft.dlvmode;
    const to = labels.current.get(fallback) ?? fallback;
    setModeNote(t(alt ? 'UI_Checkout_DlvModeChangedAlt' : 'UI_Checkout_DlvModeChanged', { from, to }));
  }, [modes.data, draft.dlvmode, locked, onAdjust, alt, t]);

  const switchAlternative = (checked: boolean) => {
    const before = beforeAlternative.current;
    beforeAlternative.current = checked ? draft.dlvmode : null;
    if (!checked && before !== null && before !== draft.dlvmode) {
      onChange({ hasalternativeaddress: false, dlvmode: before }, ['hasalternativeaddress']);
      setModeNote(t('UI_Checkout_DlvModeRestored', { to: label(before) }));
      return;
    }
    onChange({ hasalternativeaddress: checked }, ['hasalternativeaddress']);
  };

  const id = (field: string) => fieldId(index, field);
  const changeAddress = (patch: Partial<AlternativeAddress>, field: keyof AlternativeAddress) =>
    onChange({ alternativeaddressdata: { ...draft.alternativeaddressdata, ...patch } }, [
      `alternativeaddressdata.${field}`,
    ]);
  const payment = payments?.availablemethods.find((m) => m.id === draft.paymentmethod);

  return (
    <Card
      data-testid="checkout-location"
      data-store={location.id_almacen}
      title={
        <span style={{ display: 'inline-flex', alignItems: 'center', gap: 8, flexWrap: 'wrap' }}>
          <ShopOutlined aria-hidden="true" />
          <span data-testid="location-name">{location.nombre}</span>
          {location.ismylocation ? null : <Tag color="gold">{t('UI_Checkout_OtherStore')}</Tag>}
        </span>
      }
      extra={
        // What the card is charged for this store: base plus VAT (decision 0019), as the amounts below say.
        <span className="checkout-money checkout-net" data-testid="location-heading-total">
          {t('UI_Checkout_StoreTotal', { amount: formatMoney(location.totalAmount) })}
        </span>
      }
    >
      <Row gutter={[24, 8]}>
        <Col xs={24} lg={10}>
          <LocationItems location={location} />
        </Col>
        <Col xs={24} lg={14}>
          <Form layout="vertical" component="div" className="checkout-fields">
            <Form.Item style={{ marginBottom: 10 }}>
              <span style={{ display: 'inline-flex', alignItems: 'center', gap: 8 }}>
                <Switch
                  id={id('hasalternativeaddress')}
                  checked={alt}
                  disabled={locked || busy}
                  onChange={switchAlternative}
                  data-testid="alt-switch"
                />
                <label htmlFor={id('hasalternativeaddress')}>{t('UI_Checkout_AlternativeAddress')}</label>
              </span>
            </Form.Item>
            {alt ? (
              <AlternativeAddressFields
                index={index}
                value={draft.alternativeaddressdata}
                issues={issues}
                disabled={busy}
                onChange={changeAddress}
              />
            ) : (
              <IssueField required id={id('dir')} label={t('UI_Checkout_Address')} issue={issues.dir}>
                <Select<number>
                  id={id('dir')}
                  aria-required
                  value={draft.dir ?? undefined}
                  placeholder={t('UI_Checkout_ChooseAddress')}
                  loading={!addresses}
                  disabled={locked || busy}
                  status={issues.dir ? 'error' : undefined}
                  options={(addresses?.addrlist ?? []).map((a) => ({ value: a.id, label: a.label }))}
                  onChange={(v) => onChange({ dir: v ?? null }, ['dir'])}
                  allowClear={!locked && { label: t('UI_A11y_Clear') }}
                  {...issueProps(id('dir'), issues.dir)}
                />
              </IssueField>
            )}
            <Row gutter={12}>
              <Col xs={24} md={12}>
                <IssueField
                  required
                  id={id('dlvmode')}
                  label={t('UI_Checkout_DlvMode')}
                  issue={issues.dlvmode}
                  extra={
                    modeNote ? (
                      <span role="status" data-testid="dlvmode-note">
                        {modeNote}
                      </span>
                    ) : undefined
                  }
                >
                  <Select<string>
                    id={id('dlvmode')}
                    aria-required
                    value={draft.dlvmode ?? undefined}
                    placeholder={t('UI_Checkout_ChooseDlvMode')}
                    loading={modes.isPending}
                    disabled={locked || busy}
                    status={issues.dlvmode ? 'error' : undefined}
                    options={(modes.data?.dlvmodes ?? []).map((m) => ({ value: m.id, label: m.label }))}
                    data-testid="dlvmode-select"
                    onChange={(v) => {
                      // The user's own choice: nothing to bring back, nothing to say.
                      beforeAlternative.current = null;
                      setModeNote(null);
                      onChange({ dlvmode: v ?? null }, ['dlvmode']);
                    }}
                    allowClear={!locked && { label: t('UI_A11y_Clear') }}
                    {...issueProps(id('dlvmode'), issues.dlvmode)}
                  />
                </IssueField>
              </Col>
              <Col xs={24} md={12}>
                <IssueField
                  required
                  id={id('paymentmethod')}
                  label={t('UI_Checkout_PaymentMethod')}
                  issue={issues.paymentmethod}
                  extra={payment?.channel === PAYMENT_CHANNEL.card ? t('UI_Checkout_CardHint') : undefined}
                >
                  <Select<number>
                    id={id('paymentmethod')}
                    aria-required
                    value={draft.paymentmethod ?? undefined}
                    placeholder={t('UI_Checkout_ChoosePayment')}
                    loading={!payments}
                    disabled={locked || busy}
                    status={issues.paymentmethod ? 'error' : undefined}
                    options={(payments?.availablemethods ?? []).map((m) => ({
                      value: m.id,
                      label: m.paymentmodelabel,
                    }))}
                    onChange={(v) => onChange({ paymentmethod: v ?? null }, ['paymentmethod'])}
                    allowClear={!locked && { label: t('UI_A11y_Clear') }}
                    data-testid="payment-select"
                    {...issueProps(id('paymentmethod'), issues.paymentmethod)}
                  />
                </IssueField>
              </Col>
            </Row>
            <IssueField
              required
              id={id('cust_ref')}
              label={t('UI_Checkout_CustRef')}
              issue={issues.cust_ref}
              characters={{
                value: draft.cust_ref,
                onRemove: () => onChange({ cust_ref: withoutDisallowedCharacters(draft.cust_ref) }, ['cust_ref']),
              }}
            >
              <Input
                id={id('cust_ref')}
                aria-required
                value={draft.cust_ref}
                disabled={busy}
                autoComplete="off"
                maxLength={LIMITS.custRefMaxLength}
                showCount
                onChange={(e) => onChange({ cust_ref: e.target.value }, ['cust_ref'])}
                onBlur={() => onChange({}, ['cust_ref'])}
                {...issueProps(id('cust_ref'), issues.cust_ref)}
              />
            </IssueField>
            <IssueField
              id={id('web_obs')}
              label={t('UI_Checkout_Remarks')}
              issue={issues.web_obs}
              characters={{
                value: draft.web_obs,
                onRemove: () => onChange({ web_obs: withoutDisallowedCharacters(draft.web_obs) }, ['web_obs']),
              }}
            >
              <Input.TextArea
                id={id('web_obs')}
                value={draft.web_obs}
                disabled={busy}
                rows={2}
                maxLength={LIMITS.remarkMaxLength}
                onChange={(e) => onChange({ web_obs: e.target.value }, ['web_obs'])}
                {...issueProps(id('web_obs'), issues.web_obs)}
              />
            </IssueField>
          </Form>
        </Col>
      </Row>
    </Card>
  );
}
