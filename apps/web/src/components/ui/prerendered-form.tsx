import clsx from 'clsx';
import type { FormHTMLAttributes, ReactNode } from 'react';
import { useHydrated } from '@/lib/use-hydration-value';

type PrerenderedFormProps = Omit<FormHTMLAttributes<HTMLFormElement>, 'method' | 'noValidate' | 'className'> & {
  /** Layout classes, applied to the fieldset that holds the controls. */
  className?: string;
  children: ReactNode;
};

/**
 * A form on a page the server may send prerendered (the public pages, sign-in, sign-up). Until the
 * app has hydrated the page its controls stay disabled: text typed into server HTML would be reset
 * when the form library takes the fields over, and a native submit would send the fields to the
 * address bar. POST is the last guard should a native submit happen anyway.
 */
export function PrerenderedForm({ className, children, ...props }: PrerenderedFormProps) {
  const hydrated = useHydrated();
  return (
    <form noValidate method="post" {...props}>
      <fieldset disabled={!hydrated} className={clsx('min-w-0', className)}>
        {children}
      </fieldset>
    </form>
  );
}
