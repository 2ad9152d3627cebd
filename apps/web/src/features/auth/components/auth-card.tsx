import clsx from 'clsx';
import type { ReactNode } from 'react';

interface AuthCardProps {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
  wide?: boolean;
}

/** The frame of every sign-in, sign-up and account-link page (public layout, always light). */
export function AuthCard({ title, subtitle, children, footer, wide = false }: AuthCardProps) {
  return (
    <div className={clsx('mx-auto flex w-full flex-col px-4 py-10 sm:py-14', wide ? 'max-w-xl' : 'max-w-md')}>
      <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
        <h1 className="text-2xl font-semibold tracking-tight text-slate-900">{title}</h1>
        {subtitle ? <div className="mt-2 text-sm text-slate-600">{subtitle}</div> : null}
        <div className="mt-6">{children}</div>
      </div>
      {footer ? <div className="mt-6 text-center text-sm text-slate-600">{footer}</div> : null}
    </div>
  );
}
