import type { FormInstance } from 'antd';
import type { Rule } from 'antd/es/form';
import type { z } from 'zod';
import { translateMessage } from './i18n';

/**
 * An antd Form rule that runs the shared contract schema (the same rule the server applies) over the
 * whole form and reports the translated problems of one field. `prepare` turns form values into the
 * request (e.g. an empty Select gives undefined where the schema expects a string).
 */
export function zodFieldRule(
  schema: z.ZodType,
  field: string,
  prepare: (values: Record<string, unknown>) => unknown = (values) => values,
): Rule {
  return ({ getFieldsValue }) => ({
    validator: async () => {
      const result = schema.safeParse(prepare(getFieldsValue(true)));
      if (result.success) return;
      const issue = result.error.issues.find((i) => String(i.path[0] ?? '') === field);
      if (issue) throw new Error(translateMessage(issue.message));
    },
  });
}

/** Puts the server's field issues (`issues: [{path, message}]`) on the form; returns those it could place. */
export function applyServerIssues(
  form: FormInstance,
  issues: readonly { path: string; message: string }[],
  fields: readonly string[],
): number {
  const placed = issues.filter((i) => fields.includes(i.path.split('.')[0] ?? ''));
  form.setFields(placed.map((i) => ({ name: i.path.split('.')[0] ?? '', errors: [translateMessage(i.message)] })));
  return placed.length;
}
