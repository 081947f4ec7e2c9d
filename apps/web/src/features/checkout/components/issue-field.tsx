import { disallowedCharacters } from '@portal/contract/cart';
import { Button, Form } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

type IssueFieldProps = {
  id: string;
  label: string;
  /** The rule key to show under the field, if any. */
  issue: string | undefined;
  extra?: ReactNode;
  /**
   * A text field under the reference/remark character rule: when its rule key is the `_CHARACTERS` one, the
   * message names the characters refused and offers to remove them in one click.
   */
  characters?: { value: string; onRemove: () => void };
  /** The rules refuse the field empty: its label carries the required mark (issue 25). */
  required?: boolean;
  children: ReactNode;
};

/** A labelled field with its rule message (dictionary text of the key) underneath. */
export function IssueField({ id, label, issue, extra, characters, required, children }: IssueFieldProps) {
  const { t } = useTranslation();
  const refused = characters && issue?.endsWith('_CHARACTERS') ? disallowedCharacters(characters.value) : [];
  return (
    <Form.Item
      label={label}
      htmlFor={id}
      required={required}
      validateStatus={issue ? 'error' : undefined}
      help={
        issue ? (
          <span className="checkout-issue">
            <span id={`${id}-issue`} data-testid={`issue-${id}`} data-key={issue}>
              {t(issue)}
              {refused.length > 0 ? (
                <>
                  {' '}
                  <span data-testid={`refused-${id}`}>
                    {t('UI_Checkout_NotAllowedChars')}
                    {refused.map((ch) => (
                      <span key={ch}>
                        {' '}
                        <code className="checkout-char">{/\s/.test(ch) ? t('UI_Checkout_CharSpace') : ch}</code>
                      </span>
                    ))}
                  </span>
                </>
              ) : null}
            </span>
            {refused.length > 0 ? (
              <Button size="small" className="checkout-fix" data-testid={`fix-${id}`} onClick={characters?.onRemove}>
                {t('UI_Checkout_RemoveNotAllowed')}
              </Button>
            ) : null}
          </span>
        ) : undefined
      }
      extra={extra}
    >
      {children}
    </Form.Item>
  );
}

/** The id of a location's field, e.g. loc-0-alternativeaddressdata-city. */
export function fieldId(index: number, field: string): string {
  return `loc-${index}-${field.replace(/\./g, '-')}`;
}

/** The accessibility attributes of a control with a possible problem. */
export function issueProps(id: string, issue: string | undefined) {
  return issue ? { 'aria-invalid': true as const, 'aria-describedby': `${id}-issue` } : {};
}
