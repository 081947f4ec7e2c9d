import { Tag } from 'antd';
import type { HTMLAttributes, ReactNode } from 'react';

/** The tones of the grids' status tags; each pairs its text and background at >= 4.5:1 (WCAG AA). */
export type StatusTone = 'grey' | 'blue' | 'cyan' | 'green' | 'red' | 'gold';

type Props = { tone: StatusTone; children: ReactNode } & Pick<
  HTMLAttributes<HTMLSpanElement>,
  'tabIndex' | 'aria-describedby'
> & { 'data-testid'?: string };

/** A document status (order status, web order import state) as a tag with readable contrast. */
export function StatusTag({ tone, children, ...rest }: Props) {
  return (
    <Tag className={`doc-tag doc-tag-${tone}`} {...rest}>
      {children}
    </Tag>
  );
}
