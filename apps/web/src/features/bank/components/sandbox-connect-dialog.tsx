import { SANDBOX_INSTITUTIONS } from '@fueldesk/contracts';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog, DialogActions } from '@/components/ui/dialog';
import { PasswordField, SelectField, TextField } from '@/components/ui/form-field';
import { connectSandboxBank, useConnectBank } from '../api/bank-connection';
import { useBankText } from './use-bank-error-text';

/** The sandbox provider's own sign-in at a simulated bank, clearly labelled as a sandbox. */
export function SandboxConnectDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('bank');
  const { errorText } = useBankText();
  const [institution, setInstitution] = useState<string>(SANDBOX_INSTITUTIONS[0]!.id);
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [missing, setMissing] = useState<{ username?: string; password?: string }>({});
  const connect = useConnectBank(connectSandboxBank);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const problems = {
      username: username.trim() ? undefined : t('messages.usernameRequired'),
      password: password ? undefined : t('messages.passwordRequired'),
    };
    setMissing(problems);
    if (problems.username || problems.password) return;
    connect.mutate(
      { institution_id: institution, username: username.trim(), password },
      {
        onSuccess: () => {
          setPassword('');
          onClose();
        },
      },
    );
  };

  return (
    <Dialog open={open} onClose={onClose} title={t('sandbox.title')} description={t('sandbox.notice')}>
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
        <p className="rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:border-amber-600 dark:bg-amber-950 dark:text-amber-100">
          <strong>{t('sandbox.badge')}</strong> {t('sandbox.hint')}
        </p>
        <SelectField
          required
          label={t('sandbox.institution')}
          value={institution}
          onChange={(event) => setInstitution(event.target.value)}
          options={SANDBOX_INSTITUTIONS.map((item) => ({ value: item.id, label: item.name }))}
        />
        <TextField required autoComplete="off" label={t('sandbox.username')} error={missing.username} value={username} onChange={(event) => setUsername(event.target.value)} />
        <PasswordField required autoComplete="off" label={t('sandbox.password')} error={missing.password} value={password} onChange={(event) => setPassword(event.target.value)} />
        {connect.isError ? (
          <p role="alert" className="text-sm font-medium text-red-700 dark:text-red-400">
            {t('messages.connectFailed')} {errorText(connect.error, '')}
          </p>
        ) : null}
        <DialogActions
          cancelLabel={t('actions.cancel')}
          onCancel={onClose}
          actionLabel={connect.isPending ? t('sandbox.connecting') : t('sandbox.connect')}
          busy={connect.isPending}
        />
      </form>
    </Dialog>
  );
}
