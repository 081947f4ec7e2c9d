import { Radio } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLanguageChoice } from '@/lib/language';

/**
 * The light language choice of the public pages: one button per language (a Select would add ~40 KB
 * gzip to /login, whose budget is 300 KB). The header of the signed-in layout uses LanguageSelect.
 */
export function LanguageSwitch() {
  const { t } = useTranslation();
  const { lang, languages, switching, choose: onChange } = useLanguageChoice();

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
