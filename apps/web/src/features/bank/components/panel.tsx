import type { ReactNode } from 'react';

/** One titled card of the bank screens. */
export function Panel({ id, title, children, actions }: { id: string; title: string; children: ReactNode; actions?: ReactNode }) {
  return (
    <section aria-labelledby={id} className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm dark:border-slate-700 dark:bg-slate-900">
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <h2 id={id} className="text-lg font-semibold text-slate-900 dark:text-slate-100">
          {title}
        </h2>
        {actions}
      </div>
      {children}
    </section>
  );
}

/** Decimal strings from the API, shown as money in the user's language without float arithmetic on stored values. */
export function formatMoney(value: string | null, currency: string | null, language: string): string {
  if (value === null) return '—';
  try {
    return new Intl.NumberFormat(language, { style: 'currency', currency: currency ?? 'USD' }).format(Number(value));
  } catch {
    return `${value} ${currency ?? ''}`.trim();
  }
}
