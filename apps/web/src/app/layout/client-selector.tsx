import { Select, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

type OrderBy = 'AccountNum' | 'Name';

/**
 * Web context 2: the client the cart is for, orderable by account number or name. A placeholder for
 * now; its data (getcartclients_{brand}) comes with the cart issue.
 */
export function ClientSelector() {
  const { t } = useTranslation();
  const [orderBy, setOrderBy] = useState<OrderBy>('AccountNum');
  return (
    <Space.Compact style={{ background: '#ffffff', borderRadius: 6 }}>
      <Select
        disabled
        aria-label={t('UI_Client')}
        placeholder={t('UI_Client')}
        style={{ width: 200 }}
        options={[]}
        data-testid="client-selector"
      />
      <Select<OrderBy>
        aria-label={t('UI_OrderBy')}
        value={orderBy}
        onChange={setOrderBy}
        style={{ width: 140 }}
        options={[
          { value: 'AccountNum', label: t('UI_OrderByAccount') },
          { value: 'Name', label: t('UI_OrderByName') },
        ]}
      />
    </Space.Compact>
  );
}
