import { zodResolver } from '@hookform/resolvers/zod';
import { createInvitationBodySchema, sharingScopes, type CreateInvitationBody } from '@fueldesk/contracts';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CheckboxGroup, FormOutcome, FormSubmit, TextField } from '@/components/ui/form-field';
import { isApiError } from '@/lib/api-client';
import { useSubmitForm } from '@/lib/use-submit-form';
import { useCreateInvitation } from '../api/invitations';
import { useBankText } from './use-bank-error-text';

type InvitationInput = { email: string; scopes: string[]; counterparty_name: string };
const emptyValues: InvitationInput = { email: '', scopes: ['identity', 'balances'], counterparty_name: '' };
const fieldNames = ['email', 'scopes', 'counterparty_name'] as const;

/** Email, the counterparty's name (optional, compared with the bank's account owner) and scopes (each with what it shares) → POST /api/sharing/invitations. */
export function InvitationForm() {
  const { t } = useTranslation('bank');
  const { text, errorText } = useBankText();
  const baseId = useId();
  const create = useCreateInvitation();
  const {
    register,
    onSubmit,
    formState: { errors },
  } = useSubmitForm<InvitationInput, CreateInvitationBody>({
    resolver: zodResolver(createInvitationBodySchema) as never,
    emptyValues,
    fieldNames,
    submit: (values) => create.mutateAsync(values),
  });
  const planLimit = isApiError(create.error) && create.error.code === 'PLAN_LIMIT';
  const emailError = text(errors.email?.message);

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4" aria-labelledby={`${baseId}-heading`}>
      <h2 id={`${baseId}-heading`} className="text-lg font-semibold text-slate-900 dark:text-slate-100">
        {t('invite.heading')}
      </h2>
      <TextField required type="email" autoComplete="off" label={t('invite.email')} error={emailError} {...register('email')} />
      <TextField
        optional
        autoComplete="off"
        label={t('invite.counterparty')}
        hint={t('invite.counterpartyHint')}
        error={text(errors.counterparty_name?.message)}
        {...register('counterparty_name')}
      />
      <CheckboxGroup
        required
        legend={t('invite.scopes')}
        error={text(errors.scopes?.message)}
        options={sharingScopes.map((scope) => ({ value: scope, label: `${t(`scopes.${scope}.label`)} — ${t(`scopes.${scope}.shares`)}` }))}
        inputProps={register('scopes')}
      />
      {planLimit ? (
        <FormOutcome kind="error">
          {t('messages.planLimit')}{' '}
          <Link to="/#plans" className="font-semibold underline">
            {t('usage.seePlans')}
          </Link>
        </FormOutcome>
      ) : null}
      <FormSubmit
        busy={create.isPending}
        label={t('invite.submit')}
        success={create.isSuccess ? t('invite.sent', { email: create.data.email }) : null}
        failure={create.isError && !planLimit && !emailError ? `${t('messages.inviteFailed')} ${errorText(create.error)}` : null}
      />
    </form>
  );
}
