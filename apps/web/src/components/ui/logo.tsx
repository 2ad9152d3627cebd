import { PRODUCT_NAME } from '@fueldesk/contracts';
import clsx from 'clsx';

/** The drop mark plus the product name; the name hides when `compact` (collapsed sidebar). */
export function Logo({ compact = false, className }: { compact?: boolean; className?: string }) {
  return (
    <span className={clsx('inline-flex items-center gap-2 font-bold tracking-tight', className)}>
      <svg viewBox="0 0 32 32" className="size-8 shrink-0" aria-hidden="true" focusable="false">
        <rect width="32" height="32" rx="7" fill="#0f172a" />
        <path d="M16 5c-3.6 5.2-7 9.3-7 13.3A7 7 0 0 0 16 25a7 7 0 0 0 7-6.7C23 14.3 19.6 10.2 16 5z" fill="#f59e0b" />
        <path d="M16 14.5c-1.5 2.2-3 4-3 5.6a3 3 0 0 0 6 0c0-1.6-1.5-3.4-3-5.6z" fill="#fde68a" />
      </svg>
      <span className={clsx('text-lg', compact && 'sr-only')}>{PRODUCT_NAME}</span>
    </span>
  );
}
