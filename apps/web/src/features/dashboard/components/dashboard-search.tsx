import { SearchOutlined } from '@ant-design/icons';
import { catalogCalls } from '@portal/contract/catalog-calls';
import { Button, Input } from 'antd';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useUser } from '@/lib/current-user';
import { mayCall } from '@/lib/may-call';

/** A Spanish plate (1234 BCD, 1234-BCD): the catalogue's plate field gets it, for a user who may search plates. */
const SPANISH_PLATE = /^\d{4}[\s-]?[B-DF-HJ-NP-TV-Z]{3}$/i;

/**
 * A reference or a licence plate, opened in the product list as the catalogue reads its URL (`?ref=` searches at
 * once; `?plate=` fills the plate field, whose search the user confirms there).
 */
export function DashboardSearch() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const user = useUser().data;
  const id = useId();
  const [text, setText] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const value = text.trim();
    if (!value) return;
    const plate = SPANISH_PLATE.test(value) && mayCall(catalogCalls.plate, user);
    navigate(`/product-list?${plate ? 'plate' : 'ref'}=${encodeURIComponent(value)}`);
  };
  return (
    <search>
      <form onSubmit={submit} className="dashboard-search">
        <label htmlFor={id}>{t('UI_Dashboard_SearchLabel')}</label>
        <div className="dashboard-search__row">
          <Input id={id} value={text} maxLength={40} onChange={(e) => setText(e.target.value)} autoComplete="off" />
          <Button type="primary" htmlType="submit" icon={<SearchOutlined aria-hidden />}>
            {t('UI_Dashboard_SearchButton')}
          </Button>
        </div>
      </form>
    </search>
  );
}
