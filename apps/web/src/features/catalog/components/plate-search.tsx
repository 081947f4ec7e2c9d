import { SearchOutlined } from '@ant-design/icons';
import { PLATE_COUNTRIES, type PlateResponse } from '@portal/contract/catalog';
import { Alert, Button, Input, Select, Space } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@/lib/api-error';
import { usePlateSearchMutation } from '../api/post-plate-search';
import type { PlateCountry } from '../search-state';
import { Field } from './field';

export type PlateFound = { plate: string; country: PlateCountry; reply: PlateResponse };

type PlateSearchProps = {
  plate: string;
  country: PlateCountry;
  onFound: (found: PlateFound) => void;
  onNotFound: (messageKey: string) => void;
};

/** Licence plate and its country (Spain by default); only shown to users with the searchplate role. */
export function PlateSearch({ plate, country, onFound, onNotFound }: PlateSearchProps) {
  const { t } = useTranslation();
  const [text, setText] = useState(plate);
  const [chosenCountry, setChosenCountry] = useState<PlateCountry | undefined>(country);
  const [error, setError] = useState<string | null>(null);
  const [vehicle, setVehicle] = useState<string | null>(null);
  const search = usePlateSearchMutation();

  useEffect(() => {
    setText(plate);
    if (!plate) setVehicle(null);
  }, [plate]);
  useEffect(() => setChosenCountry(country), [country]);

  const run = () => {
    const plateText = text.trim();
    if (!plateText) return;
    if (!chosenCountry) {
      setError('WARN_PlateSearchCountryUndefined');
      return;
    }
    setError(null);
    search.mutate(
      { country: chosenCountry, plateText },
      {
        onSuccess: (reply) => {
          const model = reply.jummodel;
          if (!model) {
            setVehicle(null);
            onNotFound(reply.message ?? 'WARN_SearchByPlate_NotFound');
            return;
          }
          setVehicle([model.jumdescriptionshort, model.jumdescriptionlarge, model.jummotorization].join(' · '));
          onFound({ plate: plateText, country: chosenCountry, reply });
        },
        onError: (failure) => {
          if (isApiError(failure) && failure.status === 400) setError(failure.body?.message ?? 'WARN_ValidationError');
        },
      },
    );
  };

  return (
    <Field id="catalog-plate" label={t('UI_Catalog_Plate')}>
      <Space.Compact style={{ width: '100%' }}>
        <Select<PlateCountry>
          aria-label={t('UI_Catalog_PlateCountry')}
          data-testid="plate-country"
          style={{ width: 76 }}
          value={chosenCountry}
          onChange={setChosenCountry}
          options={PLATE_COUNTRIES.map((c) => ({ value: c, label: c }))}
        />
        <Input
          id="catalog-plate"
          data-testid="plate-input"
          placeholder="1234 BCD"
          value={text}
          maxLength={16}
          onChange={(event) => setText(event.target.value.toUpperCase())}
          onPressEnter={run}
          autoComplete="off"
        />
        <Button
          icon={<SearchOutlined />}
          aria-label={t('UI_Catalog_PlateSearch')}
          title={t('UI_Catalog_PlateSearch')}
          loading={search.isPending}
          onClick={run}
          data-testid="plate-submit"
        />
      </Space.Compact>
      {vehicle ? (
        <div className="catalog-muted" style={{ marginTop: 4 }} data-testid="plate-vehicle">
          {vehicle}
        </div>
      ) : null}
      {error ? <Alert type="warning" showIcon style={{ marginTop: 6 }} title={t(error)} /> : null}
    </Field>
  );
}
