import { GlobalOutlined } from '@ant-design/icons';
import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLanguageChoice } from '@/lib/language';

type LanguageSelectProps = { variant?: 'outlined' | 'borderless' | 'filled'; style?: React.CSSProperties };

/** Language selector: languages from the server; the choice is kept in localStorage. */
export function LanguageSelect({ variant = 'outlined', style }: LanguageSelectProps) {
  const { t } = useTranslation();
  const { lang, languages, switching, choose: onChange } = useLanguageChoice();

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
