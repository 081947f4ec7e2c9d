import { LANGUAGES, type LanguageKey } from '@portal/contract/constants';
import { erpNamesInput } from '@portal/contract/erp-names';
import { Form, type FormInstance, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { translateMessage } from '@/lib/i18n';
import './erp-names-fields.css';

/**
 * "Nombre por idioma" (decision 0091): one field per language of a name that comes from the ERP (a store, a delivery
 * mode, a payment method), the ERP's name as each one's placeholder; empty reads the ERP's. The fields are
 * `NAMES.<lang>` of the surrounding form, checked by the contract's rule as the server checks them.
 */
export function ErpNamesFields({ erpName, max, testId }: { erpName: string; max: number; testId: string }) {
  const { t } = useTranslation();
  const schema = erpNamesInput(max);
  const rule = (lang: LanguageKey) => ({
    validator: async (_: unknown, value: unknown) => {
      const result = schema.safeParse({ [lang]: value ?? undefined });
      if (!result.success) throw new Error(translateMessage(result.error.issues[0]?.message));
    },
  });
  return (
    <fieldset className="erp-names" data-testid={testId}>
      <legend>{t('UI_ErpNames_Title')}</legend>
      <p className="erp-names__help">
        {t('UI_ErpNames_Help')} {t('UI_ErpNames_ErpName')}: <strong>{erpName}</strong>
      </p>
      <div className="erp-names__fields">
        {LANGUAGES.map((l) => (
          <Form.Item
            key={l.key}
            name={['NAMES', l.key]}
            label={<span lang={l.key}>{l.title}</span>}
            rules={[rule(l.key)]}
          >
            <Input placeholder={erpName} maxLength={max} autoComplete="off" data-testid={`${testId}-${l.key}`} />
          </Form.Item>
        ))}
      </div>
    </fieldset>
  );
}

/** Puts the server's issues on the names (`NAMES.en`) on their fields; answers how many it placed. */
export function applyNameIssues(form: FormInstance, issues: readonly { path: string; message: string }[]): number {
  const placed = issues.filter((i) => /^NAMES\.(es|en|fr|pt)$/.test(i.path));
  form.setFields(placed.map((i) => ({ name: i.path.split('.'), errors: [translateMessage(i.message)] })));
  return placed.length;
}
