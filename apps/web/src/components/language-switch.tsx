import { Radio } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isLanguageKey } from '@/lib/i18n';
import { changeLanguage, useLanguage } from '@/lib/language';
import { useLanguages } from '@/lib/languages';

/**
 * The light language choice of the public pages: one button per language (a Select would add ~40 KB
 * gzip to /login, whose budget is 300 KB). The header of the signed-in layout uses LanguageSelect.
 */
export function LanguageSwitch() {
  const { t } = useTranslation();
  const lang = useLanguage();
  const { data: languages = [] } = useLanguages();
  const [switching, setSwitching] = useState(false);

  const onChange = async (value: unknown) => {
    if (!isLanguageKey(value) || value === lang) return;
    setSwitching(true);
    try {
      await changeLanguage(value);
    } finally {
      setSwitching(false);
    }
  };

  return (
    <Radio.Group
      aria-label={t('UI_Language')}
      data-testid="language-switch"
      size="small"
      optionType="button"
      buttonStyle="solid"
      disabled={switching}
      value={lang}
      onChange={(e) => void onChange(e.target.value)}
      options={languages.map((l) => ({ value: l.key, label: <span title={l.title}>{l.key.toUpperCase()}</span> }))}
    />
  );
}
