import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { useAddrList } from '../api/get-addr-list';

/** The placeholder's value: never a real address id. */
const PLACEHOLDER = -1;

type Props = {
  /** The form item's id (its label points at it). */
  id?: string;
  kind: 'user' | 'client';
  /** The user id (or `profile`), or for a new user its client. */
  ownerId: string;
  newUser: boolean;
  value?: number | null;
  onChange?: (value: number | null) => void;
  testId: string;
};

/**
 * The default address (spec part 2 §4 New user address): a new user with addresses and no default gets the
 * disabled placeholder SelectYourAddress first and selected.
 */
export function AddressSelect({ id, kind, ownerId, newUser, value, onChange, testId }: Props) {
  const { t } = useTranslation();
  const list = useAddrList(kind, ownerId || null);
  const addresses = list.data?.addrlist ?? [];
  const placeholder = newUser && addresses.length > 0 && (value === null || value === undefined);
  const options = [
    ...(placeholder ? [{ value: PLACEHOLDER, label: t('SelectYourAddress'), disabled: true }] : []),
    ...addresses.map((a) => ({ value: a.id, label: a.label })),
  ];
  return (
    <Select<number>
      id={id}
      value={placeholder ? PLACEHOLDER : (value ?? undefined)}
      onChange={(v) => onChange?.(v === PLACEHOLDER ? null : v)}
      options={options}
      loading={list.isPending && !!ownerId}
      allowClear={!placeholder && { label: t('UI_A11y_Clear') }}
      onClear={() => onChange?.(null)}
      placeholder={t('UI_People_NoDefaultAddress')}
      notFoundContent={t('UI_People_NoAddresses')}
      data-testid={testId}
    />
  );
}
