import { createInvitationBodySchema, sharingScopes, type SharingScope } from '@fueldesk/contracts';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { controlClassName, FormField } from '@/components/ui/form-field';
import { isApiError } from '@/lib/api-client';
import { useCreateInvitation } from '../api/invitations';
import { useBankText } from './use-bank-error-text';

/** Email and scopes (each with what it shares) → POST /api/sharing/invitations. */
export function InvitationForm() {
  const { t } = useTranslation('bank');
  const { text, errorText } = useBankText();
  const baseId = useId();
  const [email, setEmail] = useState('');
  const [scopes, setScopes] = useState<SharingScope[]>(['identity', 'balances']);
  const [errors, setErrors] = useState<{ email?: string; scopes?: string }>({});
  const create = useCreateInvitation();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = createInvitationBodySchema.safeParse({ email, scopes });
    if (!parsed.success) {
      const next: { email?: string; scopes?: string } = {};
      for (const issue of parsed.error.issues) {
        const field = String(issue.path[0]) as 'email' | 'scopes';
        next[field] ??= text(issue.message);
      }
      setErrors(next);
      return;
    }
    setErrors({});
    create.mutate(parsed.data, {
      onSuccess: () => setEmail(''),
      onError: (error) => {
        if (isApiError(error) && error.fields?.email) setErrors({ email: text(error.fields.email) });
      },
    });
  };

  const toggle = (scope: SharingScope) =>
    setScopes((current) => (current.includes(scope) ? current.filter((item) => item !== scope) : [...current, scope]));
  const planLimit = isApiError(create.error) && create.error.code === 'PLAN_LIMIT';

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4" aria-labelledby={`${baseId}-heading`}>
      <h2 id={`${baseId}-heading`} className="text-lg font-semibold text-slate-900 dark:text-slate-100">
        {t('invite.heading')}
      </h2>
      <FormField required id={`${baseId}-email`} label={t('invite.email')} error={errors.email}>
        <input
          id={`${baseId}-email`}
          type="email"
          autoComplete="off"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          aria-invalid={errors.email ? true : undefined}
          aria-describedby={errors.email ? `${baseId}-email-error` : undefined}
          className={controlClassName}
        />
      </FormField>
      <fieldset aria-describedby={errors.scopes ? `${baseId}-scopes-error` : undefined}>
        <legend className="text-sm font-medium text-slate-800 dark:text-slate-200">{t('invite.scopes')}</legend>
        <div className="mt-2 grid gap-2 sm:grid-cols-2">
          {sharingScopes.map((scope) => (
            <label key={scope} className="flex gap-2 rounded-lg border border-slate-200 p-3 text-sm dark:border-slate-700">
              <input type="checkbox" checked={scopes.includes(scope)} onChange={() => toggle(scope)} className="mt-1" />
              <span>
                <span className="block font-semibold text-slate-900 dark:text-slate-100">{t(`scopes.${scope}.label`)}</span>
                <span className="text-slate-700 dark:text-slate-300">{t(`scopes.${scope}.shares`)}</span>
              </span>
            </label>
          ))}
        </div>
        {errors.scopes ? (
          <p id={`${baseId}-scopes-error`} className="mt-1 text-sm font-medium text-red-700 dark:text-red-400">
            {errors.scopes}
          </p>
        ) : null}
      </fieldset>
      {create.isSuccess ? (
        <p role="status" className="rounded-lg border border-emerald-300 bg-emerald-50 px-4 py-3 text-sm text-emerald-900 dark:border-emerald-700 dark:bg-emerald-950 dark:text-emerald-200">
          {t('invite.sent', { email: create.data.email })}
        </p>
      ) : null}
      {planLimit ? (
        <p role="alert" className="rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900 dark:border-amber-600 dark:bg-amber-950 dark:text-amber-100">
          {t('messages.planLimit')}{' '}
          <Link to="/#plans" className="font-semibold underline">
            {t('usage.seePlans')}
          </Link>
        </p>
      ) : create.isError && !errors.email ? (
        <p role="alert" className="rounded-lg border border-red-300 bg-red-50 px-4 py-3 text-sm text-red-800 dark:border-red-800 dark:bg-red-950 dark:text-red-200">
          {t('messages.inviteFailed')} {errorText(create.error)}
        </p>
      ) : null}
      <div>
        <Button type="submit" disabled={create.isPending}>
          {create.isPending ? t('invite.sending') : t('invite.submit')}
        </Button>
      </div>
    </form>
  );
}
