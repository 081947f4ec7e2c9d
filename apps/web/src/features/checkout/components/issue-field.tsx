import { Form } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

type IssueFieldProps = {
  id: string;
  label: string;
  /** The rule key to show under the field, if any. */
  issue: string | undefined;
  extra?: ReactNode;
  children: ReactNode;
};

/** A labelled field with its rule message (dictionary text of the key) underneath. */
export function IssueField({ id, label, issue, extra, children }: IssueFieldProps) {
  const { t } = useTranslation();
  return (
    <Form.Item
      label={label}
      htmlFor={id}
      validateStatus={issue ? 'error' : undefined}
      help={
        issue ? (
          <span id={`${id}-issue`} data-testid={`issue-${id}`} data-key={issue}>
            {t(issue)}
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
