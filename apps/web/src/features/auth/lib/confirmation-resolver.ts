import { authMessages } from '@fueldesk/contracts';
import type { FieldValues, Resolver } from 'react-hook-form';

interface WithConfirmation extends FieldValues {
  password: string;
  password_confirmation: string;
}

/**
 * The contracts check the confirmation only once every other field is valid (an object-level
 * rule); a form should say everything at once, so the confirmation is checked here as well.
 */
export function withConfirmationCheck<T extends WithConfirmation>(resolver: Resolver<T>): Resolver<T> {
  return async (values, context, options) => {
    const result = await resolver(values, context, options);
    const errors = result.errors as Record<string, unknown>;
    if (Object.keys(errors).length === 0 || errors.password_confirmation) return result;
    const message = !values.password_confirmation
      ? authMessages.passwordConfirmationRequired
      : values.password_confirmation !== values.password
        ? authMessages.passwordsDoNotMatch
        : null;
    if (message) errors.password_confirmation = { type: 'custom', message };
    return result;
  };
}
