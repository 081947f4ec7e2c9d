import { GlobalOutlined } from '@ant-design/icons';
import { Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isLanguageKey } from '@/lib/i18n';
import { changeLanguage, useLanguage } from '@/lib/language';
import { useLanguages } from '@/lib/languages';

type LanguageSelectProps = { variant?: 'outlined' | 'borderless' | 'filled'; style?: React.CSSProperties };

/** Language selector: languages from the server; the choice is kept in localStorage. */
export function LanguageSelect({ variant = 'outlined', style }: LanguageSelectProps) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const { data: languages = [] } = useLanguages();
  const [switching, setSwitching] = useState(false);

  const onChange = async (value: string) => {
    if (!isLanguageKey(value) || value === lang) return;
    setSwitching(true);
    try {
      await changeLanguage(value);
    } finally {
      setSwitching(false);
    }
  };

  return (
    <Select
      aria-label={t('UI_Language')}
      data-testid="language-select"
      value={lang}
      onChange={onChange}
      loading={switching}
      variant={variant}
      prefix={<GlobalOutlined aria-hidden="true" />}
      options={languages.map((l) => ({ value: l.key, label: l.title }))}
      popupMatchSelectWidth={false}
      style={{ minWidth: 140, ...style }}
    />
  );
}
