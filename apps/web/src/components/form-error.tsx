import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';

type Props = {
  /** The whole form's error (a dictionary key), if any. */
  error: string | undefined;
  className?: string;
  style?: CSSProperties;
};

/** The error of a whole form (not of one field), read out as an alert under the fields. */
export function FormError({ error, className, style }: Props) {
  const { t } = useTranslation();
  return error ? (
    <p className={className} role="alert" style={style}>
      {t(error)}
    </p>
  ) : null;
}
