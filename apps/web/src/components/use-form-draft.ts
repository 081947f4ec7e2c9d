import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type FieldErrors, fieldErrorOf } from './form-errors';

/**
 * An editor's draft and its field errors: `set` changes fields and forgets their errors (a message stays only while
 * its field is wrong as submitted); `pathOf` names a draft field as the body's path (`texts` is `mapointposted`).
 */
export function useFormDraft<D extends object>(initial: () => D, pathOf: (key: string) => string = (key) => key) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const set = (patch: Partial<D>) => {
    setDraft((d) => ({ ...d, ...patch }));
    const keys = Object.keys(patch).map(pathOf);
    setErrors((e) => Object.fromEntries(Object.entries(e).filter(([path]) => !keys.some((k) => path.startsWith(k)))));
  };
  return { draft, set, errors, setErrors, fieldError: fieldErrorOf(errors, t) };
}
