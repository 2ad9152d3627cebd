import { apiKeyScopes, createApiKeyBodySchema, type ApiKeyScope, type CreatedApiKey } from '@fueldesk/contracts';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { CheckboxGroup, FormOutcome, SelectField, TextField } from '@/components/ui/form-field';
import { ApiError, resolveErrorMessage } from '@/lib/api-client';
import { useCreateApiKey } from '../api/api-keys';
import { useFormMessage } from '@/lib/use-form-message';

const expiryChoices = ['never', '30', '90', '365'] as const;
type ExpiryChoice = (typeof expiryChoices)[number];
type FieldName = 'name' | 'scopes' | 'expires_at';

function expiryOf(choice: ExpiryChoice): string | null {
  if (choice === 'never') return null;
  return new Date(Date.now() + Number(choice) * 86_400_000).toISOString();
}

/** Name, scopes and expiry → POST /api/api-keys; the created key goes to `onCreated`, nowhere else. */
export function CreateKeyForm({ onCreated }: { onCreated: (created: CreatedApiKey) => void }) {
  const { t } = useTranslation('developers');
  const keyMessage = useFormMessage();
  const baseId = useId();
  const mutation = useCreateApiKey();
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<ApiKeyScope[]>([]);
  const [expiry, setExpiry] = useState<ExpiryChoice>('never');
  const [errors, setErrors] = useState<Partial<Record<FieldName, string>>>({});
  // The scope checkboxes are uncontrolled: a new form element after a success empties them.
  const [generation, setGeneration] = useState(0);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const body = { name, scopes, expires_at: expiryOf(expiry) };
    const parsed = createApiKeyBodySchema.safeParse(body);
    if (!parsed.success) {
      const found: Partial<Record<FieldName, string>> = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as FieldName;
        found[field] ??= issue.message;
      }
      setErrors(found);
      return;
    }
    setErrors({});
    try {
      const created = await mutation.mutateAsync(body);
      setName('');
      setScopes([]);
      setExpiry('never');
      setGeneration((current) => current + 1);
      onCreated(created);
    } catch (error) {
      if (error instanceof ApiError && error.fields) setErrors(error.fields as Partial<Record<FieldName, string>>);
    }
  };

  return (
    <form key={generation} noValidate onSubmit={(event) => void onSubmit(event)} aria-labelledby={`${baseId}-heading`} className="flex flex-col gap-4">
      <h2 id={`${baseId}-heading`} className="text-lg font-semibold text-slate-900 dark:text-slate-100">
        {t('keys.form.heading')}
      </h2>
      <TextField
        required
        type="text"
        name="name"
        maxLength={120}
        label={t('keys.form.name')}
        hint={t('keys.form.nameHint')}
        value={name}
        onChange={(event) => setName(event.target.value)}
        error={keyMessage(errors.name)}
      />
      <CheckboxGroup
        required
        legend={t('keys.form.scopes')}
        error={keyMessage(errors.scopes)}
        options={apiKeyScopes.map((scope) => ({ value: scope, label: `${scope} · ${t(`keys.scopes.${scope}`)}` }))}
        inputProps={{
          name: 'scopes',
          onChange: (event) => {
            const scope = event.target.value as ApiKeyScope;
            setScopes((current) => (event.target.checked ? [...current, scope] : current.filter((item) => item !== scope)));
          },
        }}
      />
      <SelectField
        label={t('keys.form.expiry')}
        name="expiry"
        value={expiry}
        onChange={(event) => setExpiry(event.target.value as ExpiryChoice)}
        options={expiryChoices.map((choice) => ({ value: choice, label: t(choice === 'never' ? 'keys.form.expiryNever' : `keys.form.expiry${choice}`) }))}
        error={keyMessage(errors.expires_at)}
      />
      {mutation.isError ? <FormOutcome kind="error">{`${t('keys.form.failure')} ${resolveErrorMessage(mutation.error)}`}</FormOutcome> : null}
      <div>
        <Button type="submit" disabled={mutation.isPending} aria-busy={mutation.isPending}>
          {mutation.isPending ? t('keys.form.creating') : t('keys.form.submit')}
        </Button>
      </div>
    </form>
  );
}
