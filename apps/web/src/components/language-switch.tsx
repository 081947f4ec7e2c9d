import { useTranslation } from 'react-i18next';
import { useLanguageChoice } from '@/lib/language';
import './language-switch.css';

/**
 * The light language choice of the public pages: one toggle button per language, plain elements (the login
 * page loads no component library, decision 0023). The header of the signed-in layout uses LanguageSelect.
 */
export function LanguageSwitch() {
  const { t } = useTranslation();
  const { lang, languages, switching, choose } = useLanguageChoice();

  return (
    <fieldset className="language-switch" aria-label={t('UI_Language')} data-testid="language-switch">
      {languages.map((l) => (
        <button
          key={l.key}
          type="button"
          lang={l.key}
          title={l.title}
          aria-pressed={l.key === lang}
          disabled={switching}
          onClick={() => void choose(l.key)}
        >
          {l.key.toUpperCase()}
        </button>
      ))}
    </fieldset>
  );
}
