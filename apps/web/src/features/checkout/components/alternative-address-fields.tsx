import type { AlternativeAddress } from '@portal/contract/cart';
import { LIMITS } from '@portal/contract/constants';
import { Col, Input, Row, Select } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '@/lib/language';
import type { FieldIssues } from '../checkout-state';
import { countryOptions } from '../countries';
import { fieldId, IssueField, issueProps } from './issue-field';

type AlternativeAddressFieldsProps = {
  index: number;
  value: AlternativeAddress;
  issues: FieldIssues;
  disabled: boolean;
  onChange: (patch: Partial<AlternativeAddress>, field: keyof AlternativeAddress) => void;
};

const TEXT_FIELDS = [
  { field: 'name', label: 'UI_Checkout_AltName', max: LIMITS.alternativeAddressMaxLength, span: 24 },
  { field: 'address', label: 'UI_Checkout_AltAddress', max: LIMITS.alternativeAddressMaxLength, span: 24 },
  { field: 'city', label: 'UI_Checkout_AltCity', max: LIMITS.alternativeAddressMaxLength, span: 12 },
  { field: 'zipcode', label: 'UI_Checkout_AltZipcode', max: 20, span: 12 },
] as const;

/** The alternative delivery address of a location: name, address, city, zip code and country. */
export function AlternativeAddressFields({ index, value, issues, disabled, onChange }: AlternativeAddressFieldsProps) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const countries = useMemo(() => countryOptions(lang), [lang]);
  const countryId = fieldId(index, 'alternativeaddressdata.countryregionid');
  const countryIssue = issues['alternativeaddressdata.countryregionid'];
  return (
    <Row gutter={12} data-testid="alternative-address">
      {TEXT_FIELDS.map(({ field, label, max, span }) => {
        const id = fieldId(index, `alternativeaddressdata.${field}`);
        const issue = issues[`alternativeaddressdata.${field}`];
        return (
          <Col key={field} xs={24} sm={span}>
            <IssueField id={id} label={t(label)} issue={issue}>
              <Input
                id={id}
                value={value[field]}
                disabled={disabled}
                count={{ show: field === 'address', max }}
                autoComplete="off"
                onChange={(e) => onChange({ [field]: e.target.value }, field)}
                {...issueProps(id, issue)}
              />
            </IssueField>
          </Col>
        );
      })}
      <Col xs={24}>
        <IssueField id={countryId} label={t('UI_Checkout_AltCountry')} issue={countryIssue}>
          <Select<string>
            id={countryId}
            showSearch={{ optionFilterProp: 'label' }}
            value={value.countryregionid || undefined}
            placeholder={t('UI_Checkout_ChooseCountry')}
            disabled={disabled}
            status={countryIssue ? 'error' : undefined}
            options={countries}
            onChange={(v) => onChange({ countryregionid: v ?? '' }, 'countryregionid')}
            allowClear={{ label: t('UI_A11y_Clear') }}
            {...issueProps(countryId, countryIssue)}
          />
        </IssueField>
      </Col>
    </Row>
  );
}
