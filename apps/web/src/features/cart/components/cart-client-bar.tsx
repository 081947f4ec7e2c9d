import { Segmented, Select, Space } from 'antd';
import { type CSSProperties, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type CartClientsOrder, useCartClients } from '../api/get-cart-clients';
import { useCurrentCartClient } from '../api/get-current-cart-client';
import { useSetCurrentCartClient } from '../api/post-set-current-cart-client';

/**
 * Web context 2: the client the cart is for. Only staff who may buy for several clients get a choice
 * (the list has more than one entry); everyone else sees nothing here.
 */
export function CartClientBar({ style }: { style?: CSSProperties }) {
  const { t } = useTranslation();
  const [orderBy, setOrderBy] = useState<CartClientsOrder>('AccountNum');
  const clients = useCartClients(orderBy, true);
  const current = useCurrentCartClient(true);
  const choose = useSetCurrentCartClient();
  if (!clients.data || clients.data.length <= 1) return null;
  return (
    <Space wrap align="center" data-testid="cart-client-bar" style={style}>
      <label htmlFor="cart-client" style={{ fontWeight: 500 }}>
        {t('UI_Client')}
      </label>
      <Select<string>
        id="cart-client"
        showSearch={{ optionFilterProp: 'label' }}
        style={{ width: 'min(360px, 70vw)' }}
        value={current.data?.accountnum}
        loading={current.isPending || choose.isPending}
        disabled={choose.isPending}
        onChange={(value) => choose.mutate(value)}
        options={clients.data.map((c) => ({ value: c.accountnum, label: `${c.accountnum} · ${c.name}` }))}
        data-testid="cart-client"
      />
      <Segmented<CartClientsOrder>
        aria-label={t('UI_OrderBy')}
        value={orderBy}
        onChange={setOrderBy}
        options={[
          { value: 'AccountNum', label: t('UI_OrderByAccount') },
          { value: 'Name', label: t('UI_OrderByName') },
        ]}
      />
    </Space>
  );
}
