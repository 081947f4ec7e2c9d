import { type CartLine, JOB_REF, jobRef } from '@portal/contract/cart';
import { Input } from 'antd';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@/lib/api-error';
import { useSetJobRef } from '../api/post-set-job-ref';

/**
 * A line's job reference (a plate, a work order, a claim number): optional, saved when the field is left or with
 * Enter, by the contract's rule (at most 40 characters); copied to the web order when it is placed.
 */
export function LineJobRef({ line, id }: { line: CartLine; id?: string }) {
  const { t } = useTranslation();
  const save = useSetJobRef();
  const [value, setValue] = useState(line.jobRef ?? '');
  const [error, setError] = useState<string | null>(null);
  const errorId = useId();
  useEffect(() => setValue(line.jobRef ?? ''), [line.jobRef]);

  const commit = () => {
    const parsed = jobRef.safeParse(value);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? JOB_REF.invalid);
      return;
    }
    setError(null);
    if (parsed.data === line.jobRef || save.isPending) return;
    save.mutate(
      { id: line.id_linea, jobRef: parsed.data },
      { onError: (e) => setError((isApiError(e) ? e.body?.message : null) ?? JOB_REF.invalid) },
    );
  };

  return (
    <div className="cart-jobref">
      <Input
        id={id}
        size="small"
        value={value}
        maxLength={JOB_REF.maxLength + 10}
        placeholder={t('UI_Cart_JobRefHint')}
        aria-label={t('UI_Cart_JobRefOf', { ref: line.ref_jumasa })}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        data-testid="line-jobref"
        onChange={(e) => setValue(e.target.value)}
        onBlur={commit}
        onPressEnter={commit}
      />
      {error ? (
        <div id={errorId} className="cart-jobref-error" role="alert" data-testid="line-jobref-error">
          {t(error)}
        </div>
      ) : null}
    </div>
  );
}
