import type { PaymentMethod } from '@portal/contract/paymentmethods';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { GridColumnDef } from '@/components/data-grid/grid-types';
import { StatusTag } from '@/components/data-grid/status-tag';

type Column = GridColumnDef<PaymentMethod>;

/** "2,5 %" in the reader's language. */
export const percentText = (value: number, lang: string) =>
  `${value.toLocaleString(lang, { maximumFractionDigits: 2 })} %`;

/** The payment methods grid's columns (spec part 2 §3): name, form, channel, calculation, client, active. */
export function usePaymentMethodColumns(): Column[] {
  const { t, i18n } = useTranslation();
  return useMemo((): Column[] => {
    const options = (prefix: string, codes: readonly number[]) =>
      codes.map((c) => ({ value: String(c), label: t(`${prefix}${c}`) }));
    return [
      {
        key: 'Nombre',
        title: t('UI_Rules_Name'),
        sortField: 'Nombre',
        filter: { field: 'Nombre', kind: 'text' },
        width: 240,
        fixed: 'left',
        card: 'id',
        render: (r) => (
          <Link to={`/setting/paymentmethod/${r.Id_Tarjeta}`} data-testid="payment-method-edit">
            {r.Nombre}
          </Link>
        ),
      },
      {
        key: 'Forma_Pago_Cod',
        title: t('UI_Rules_PaymentForm'),
        sortField: 'Forma_Pago_Cod',
        filter: { field: 'Forma_Pago_Cod', kind: 'select', options: options('UI_Rules_Form', [0, 1]) },
        width: 150,
        card: 'status',
        render: (r) => t(`UI_Rules_Form${r.Forma_Pago_Cod}`),
      },
      {
        key: 'Canal_Pago_Cod',
        title: t('UI_Rules_PaymentChannel'),
        sortField: 'Canal_Pago_Cod',
        width: 170,
        render: (r) => t(`UI_Rules_Channel${r.Canal_Pago_Cod}`),
      },
      {
        key: 'NOSYNC_PaymentmethodCalcType',
        title: t('UI_Rules_CalcType'),
        sortField: 'NOSYNC_PaymentmethodCalcType',
        width: 200,
        card: 'amount',
        render: (r) =>
          r.NOSYNC_PaymentmethodCalcType === 0
            ? t('UI_Rules_Calc0')
            : `${t(`UI_Rules_Calc${r.NOSYNC_PaymentmethodCalcType}`)} ${percentText(r.Porcentaje, i18n.language)}`,
      },
      {
        key: 'Cliente_Id',
        title: t('UI_Rules_Client'),
        sortField: 'Cliente_Id',
        filter: { field: 'Cliente_Id', kind: 'text' },
        width: 200,
        render: (r) => (r.Cliente_Id ? `${r.Cliente_Id} · ${r.Cliente_Nombre ?? ''}` : t('UI_Rules_AllClients')),
      },
      {
        key: 'SW_Activo',
        title: t('UI_Rules_State'),
        sortField: 'SW_Activo',
        width: 110,
        render: (r) => (
          <StatusTag tone={r.SW_Activo ? 'green' : 'grey'}>
            {t(r.SW_Activo ? 'UI_Rules_Active' : 'UI_Rules_Inactive')}
          </StatusTag>
        ),
      },
    ];
  }, [t, i18n.language]);
}
