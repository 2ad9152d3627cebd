import {
  SETTINGS_TOAST_MS,
  authMessages,
  countryCodes,
  normalizeProfileUpdate,
  profileUpdateBodySchema,
  type CountryCode,
  type Profile,
  type ProfileUpdateBody,
} from '@fueldesk/contracts';
import { useEffect, useId, type ComponentProps, type ComponentType, type ReactNode } from 'react';
import { toast } from '@/lib/toast';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { ErrorState } from '@/components/ui/error-state';
import { PasswordField, SelectField, TextAreaField, TextField } from '@/components/ui/form-field';
import { PageLoader } from '@/components/ui/spinner';
import { isApiError } from '@/lib/api-client';
import { applyServerFieldErrors } from '@/lib/server-field-errors';
import { useSession } from '@/lib/auth-store';
import { useSubmitForm } from '@/lib/use-submit-form';
import { useProfile } from '../api/get-profile';
import { useUpdateProfile } from '../api/update-profile';
import type { ProfilePanelProps } from './profile-panel-props';
import { Input } from '@/components/ui/controls';

export interface SettingsFormValues {
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  bio: string;
  company: string;
  country: CountryCode | '';
  website: string;
  linkedin: string;
  twitter: string;
  comm_email: boolean;
  comm_phone: boolean;
  allow_changes: 'yes' | 'no';
  /** Asked only when the email changes (a change of credentials); never stored in the form's baseline. */
  current_password: string;
}

type TextName = 'first_name' | 'last_name' | 'email' | 'phone' | 'bio' | 'company' | 'website' | 'linkedin' | 'twitter';

/** The form starts from the stored profile; null shows as an empty field. */
export function toFormValues(profile: Profile): SettingsFormValues {
  return {
    first_name: profile.first_name ?? '',
    last_name: profile.last_name ?? '',
    email: profile.email,
    phone: profile.phone ?? '',
    bio: profile.bio ?? '',
    company: profile.company ?? '',
    country: profile.country ?? '',
    website: profile.website ?? '',
    linkedin: profile.linkedin ?? '',
    twitter: profile.twitter ?? '',
    comm_email: profile.comm_email,
    comm_phone: profile.comm_phone,
    allow_changes: profile.allow_changes ? 'yes' : 'no',
    current_password: '',
  };
}

/** The PUT body (SPEC.md §3 update payload plus the settings fields), normalised as SPEC.md §5 says. */
export function toUpdateBody(values: SettingsFormValues): ProfileUpdateBody {
  return normalizeProfileUpdate({
    first_name: values.first_name,
    last_name: values.last_name,
    email: values.email,
    phone: values.phone,
    bio: values.bio,
    company: values.company,
    country: values.country === '' ? null : values.country,
    website: values.website,
    linkedin: values.linkedin,
    twitter: values.twitter,
    comm_email: values.comm_email,
    comm_phone: values.comm_phone,
    allow_changes: values.allow_changes === 'yes',
  });
}

/** An email change needs the current password; other saves do not send it. */
export function isEmailChange(values: Pick<SettingsFormValues, 'email'>, profile: Pick<Profile, 'email'>): boolean {
  return values.email.trim().toLowerCase() !== profile.email.toLowerCase();
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className="rounded-xl border border-slate-200 bg-white p-4 sm:p-6 dark:border-slate-800 dark:bg-slate-900">
      <legend className="px-1 text-sm font-semibold text-slate-900 dark:text-slate-100">{title}</legend>
      <div className="grid gap-4 sm:grid-cols-2">{children}</div>
    </fieldset>
  );
}

/** The failure toast: the server's detail, else its message, else the error's own text, else generic. */
function describeSaveFailure(error: unknown, generic: string): string {
  if (isApiError(error)) return error.detail ?? error.serverMessage ?? generic;
  if (error instanceof Error && error.message.trim()) return error.message;
  return generic;
}

function SettingsForm({ profile }: { profile: Profile }) {
  const { t } = useTranslation('profile');
  const baseId = useId();
  const { updateUser } = useSession();
  const mutation = useUpdateProfile();
  const {
    register,
    onSubmit,
    reset,
    watch,
    setError,
    clearErrors,
    formState: { errors, isDirty },
  } = useSubmitForm<SettingsFormValues>({
    emptyValues: toFormValues(profile),
    mode: 'onSubmit',
    // The saved profile becomes the form's values (below), not empty ones.
    keepValues: true,
    submit: async (values) => {
      clearErrors();
      const body = toUpdateBody(values);
      if (isEmailChange(values, profile)) body.current_password = values.current_password;
      const parsed = profileUpdateBodySchema.safeParse(body);
      if (!parsed.success) {
        for (const issue of parsed.error.issues) {
          const name = issue.path[0];
          if (typeof name === 'string' && name in values) {
            setError(name as keyof SettingsFormValues, { type: 'validate', message: translateIssue(issue.code, issue.message) });
          }
        }
        return;
      }
      try {
        const saved = await mutation.mutateAsync(parsed.data);
        reset(toFormValues(saved));
        const name = [saved.first_name, saved.last_name].filter(Boolean).join(' ');
        updateUser({ name: name || saved.email, email: saved.email });
        toast.success(t('settings.saved'), { duration: SETTINGS_TOAST_MS, id: 'settings-saved' });
      } catch (error) {
        applyServerFieldErrors(error, Object.keys(values), setError);
        toast.error(describeSaveFailure(error, t('settings.failed')), { duration: SETTINGS_TOAST_MS, id: 'settings-failed' });
      }
    },
  });

  // A newer profile from the server (another tab saved) becomes the baseline unless the user is editing.
  useEffect(() => {
    if (!isDirty) reset(toFormValues(profile));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only a new profile should reset
  }, [profile]);

  function translateIssue(code: string, message: string): string {
    if (message === authMessages.emailRequired) return t('validation.emailRequired');
    if (message === authMessages.emailInvalid) return t('validation.emailInvalid');
    if (code === 'too_big') return t('validation.tooLong');
    return message;
  }

  const id = (name: keyof SettingsFormValues) => `${baseId}-${name}`;
  const text = (name: TextName, label: string, extra: Partial<ComponentProps<typeof TextField>> = {}) => (
    <TextField id={id(name)} type="text" label={label} error={errors[name]?.message} {...register(name)} {...extra} />
  );
  const busy = mutation.isPending;
  const emailChanging = isEmailChange({ email: watch('email') ?? '' }, profile);

  return (
    <form noValidate onSubmit={onSubmit} aria-label={t('settings.title')} className="flex flex-col gap-6">
      <Section title={t('settings.personal')}>
        {text('first_name', t('fields.firstName'), { autoComplete: 'given-name' })}
        {text('last_name', t('fields.lastName'), { autoComplete: 'family-name' })}
        {text('email', t('fields.email'), {
          type: 'email',
          autoComplete: 'email',
          inputMode: 'email',
          hint: profile.pending_email ? t('settings.emailPending', { email: profile.pending_email }) : t('settings.emailHint'),
        })}
        {emailChanging ? (
          <PasswordField
            id={id('current_password')}
            label={t('fields.currentPassword')}
            autoComplete="current-password"
            hint={t('settings.currentPasswordHint')}
            error={errors.current_password?.message}
            {...register('current_password')}
          />
        ) : null}
        {text('phone', t('fields.phone'), { type: 'tel', autoComplete: 'tel', inputMode: 'tel' })}
        <TextAreaField id={id('bio')} rows={4} className="sm:col-span-2" label={t('fields.bio')} error={errors.bio?.message} {...register('bio')} />
      </Section>

      <Section title={t('settings.company')}>
        {text('company', t('fields.company'), { autoComplete: 'organization' })}
        <SelectField
          id={id('country')}
          label={t('fields.country')}
          placeholder={t('settings.countryNone')}
          options={countryCodes.map((code) => ({ value: code, label: t(`countries.${code}`) }))}
          {...register('country')}
        />
        {text('website', t('fields.website'), { inputMode: 'url', autoComplete: 'url', hint: t('settings.linkHint') })}
        {text('linkedin', t('fields.linkedin'), { inputMode: 'url', hint: t('settings.linkHint') })}
        {text('twitter', t('fields.twitter'), { inputMode: 'url', hint: t('settings.linkHint') })}
      </Section>

      <Section title={t('settings.preferences')}>
        <fieldset>
          <legend className="text-sm font-medium text-slate-800 dark:text-slate-200">{t('settings.communication')}</legend>
          <div className="mt-2 flex flex-col gap-2">
            {(['comm_email', 'comm_phone'] as const).map((name) => (
              <label key={name} className="flex items-center gap-3 text-sm text-slate-800 dark:text-slate-200">
                <Input type="checkbox" className="size-5 rounded accent-amber-600" {...register(name)} />
                {t(`settings.${name}`)}
              </label>
            ))}
          </div>
        </fieldset>
        <fieldset>
          <legend className="text-sm font-medium text-slate-800 dark:text-slate-200">{t('settings.allowChanges')}</legend>
          <div className="mt-2 flex gap-6">
            {(['yes', 'no'] as const).map((value) => (
              <label key={value} className="flex items-center gap-2 text-sm text-slate-800 dark:text-slate-200">
                <Input type="radio" value={value} className="size-4 accent-amber-600" {...register('allow_changes')} />
                {t(`settings.${value}`)}
              </label>
            ))}
          </div>
        </fieldset>
      </Section>

      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:items-center sm:justify-between">
        <Link to="/first-time-set-password" className="focus-ring rounded text-sm font-medium text-amber-700 underline underline-offset-2 dark:text-amber-300">
          {t('settings.password')}
        </Link>
        <div className="flex gap-3">
          <Button variant="secondary" className="disabled:opacity-50" disabled={!isDirty || busy} onClick={() => reset()}>
            {t('settings.discard')}
          </Button>
          <Button type="submit" disabled={!isDirty || busy} aria-busy={busy}>
            {busy ? t('settings.saving') : t('settings.save')}
          </Button>
        </div>
      </div>
    </form>
  );
}

/** The settings screen, shown by the dashboard layout over the page content (not a route). */
const SettingsView: ComponentType<ProfilePanelProps> = function SettingsView() {
  const { t } = useTranslation('profile');
  const profile = useProfile();
  return (
    <div className="mx-auto w-full max-w-4xl px-4 py-6 sm:px-6">
      <h2 className="mb-1 text-xl font-semibold text-slate-900 dark:text-slate-100">{t('settings.title')}</h2>
      <p className="mb-6 text-sm text-slate-600 dark:text-slate-400">{t('settings.subtitle')}</p>
      {profile.isPending ? <PageLoader /> : null}
      {profile.isError ? (
        <ErrorState title={t('settings.loadFailed')} retryLabel={t('settings.retry')} onRetry={() => void profile.refetch()} />
      ) : null}
      {profile.data ? <SettingsForm profile={profile.data} /> : null}
      <nav aria-label={t('settings.developerAccess')} className="mt-8 flex flex-col gap-2 border-t border-slate-200 pt-6 dark:border-slate-700">
        <h3 className="font-semibold text-slate-900 dark:text-slate-100">{t('settings.developerAccess')}</h3>
        <div className="flex flex-wrap gap-x-6 gap-y-2 text-sm">
          <Link to="/settings/api-keys" className="focus-ring rounded font-medium text-amber-700 underline underline-offset-2 dark:text-amber-300">
            {t('settings.apiKeys')}
          </Link>
          <Link to="/developers" className="focus-ring rounded font-medium text-amber-700 underline underline-offset-2 dark:text-amber-300">
            {t('settings.developers')}
          </Link>
        </div>
      </nav>
    </div>
  );
};

export default SettingsView;
