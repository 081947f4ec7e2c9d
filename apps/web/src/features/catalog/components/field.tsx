import type { ReactNode } from 'react';

/** A visible label above a control (the control carries the matching id). */
export function Field({ id, label, children }: { id: string; label: string; children: ReactNode }) {
  return (
    <div className="catalog-field">
      <label htmlFor={id}>{label}</label>
      {children}
    </div>
  );
}
