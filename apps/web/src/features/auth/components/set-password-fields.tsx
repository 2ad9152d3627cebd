import type { UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { NewPasswordFields } from '@/components/ui/form-field';
import { useAuthMessage } from '../lib/auth-messages';

type PasswordName = 'password' | 'password_confirmation';

interface SetPasswordFieldsProps {
  id: string;
  /** The form's register (react-hook-form) for a form with `password` and `password_confirmation`. */
  register: (name: PasswordName) => UseFormRegisterReturn;
  errors: Partial<Record<PasswordName, { message?: string }>>;
}

/** "New password" and its confirmation, as the activation, reset and first-time pages ask them. */
export function SetPasswordFields({ id, register, errors }: SetPasswordFieldsProps) {
  const { t } = useTranslation('auth');
  const authMessage = useAuthMessage();
  return (
    <NewPasswordFields
      id={id}
      passwordLabel={t('form.newPassword')}
      confirmationLabel={t('form.passwordConfirmation')}
      password={register('password')}
      confirmation={register('password_confirmation')}
      passwordError={authMessage(errors.password?.message)}
      confirmationError={authMessage(errors.password_confirmation?.message)}
    />
  );
}
