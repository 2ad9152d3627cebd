import { useForm, type DefaultValues, type FieldError, type FieldValues, type Mode, type Path, type Resolver } from 'react-hook-form';
import { resolveErrorMessage } from './api-client';
import { applyServerFieldErrors } from './server-field-errors';
import { useFormMessage } from './use-form-message';

interface SubmitFormOptions<TValues extends FieldValues, TParsed> {
  /** The contract's schema (zodResolver); without one the submit callback validates, if at all. */
  resolver?: Resolver<TValues, unknown, TParsed>;
  /** The form's starting values, and what it empties to after a success. */
  emptyValues: TValues;
  /** The fields a 400 answer's per-field messages may land on (none: the submit callback handles its errors). */
  fieldNames?: readonly string[];
  /** Sends the parsed values; the form empties when it resolves (unless `keepValues`). */
  submit: (values: TParsed) => Promise<unknown>;
  /** When fields are validated: on touch by default; `onSubmit` where a message appearing on blur would move the button being clicked. */
  mode?: Mode;
  /** Keeps the values after a success: a sign-in, a settings or edit form, a page that moves on. */
  keepValues?: boolean;
}

/**
 * The one way to build a form (lint allows `useForm` nowhere else): validated on touch, emptied after
 * a success, and given the server's per-field messages after a 400 (the caller shows the outcome).
 * `field(name)` gives a kit field its registration and its message in the current language; the rest
 * of react-hook-form's form (register, control, setError, reset, formState…) comes back with it.
 */
export function useSubmitForm<TValues extends FieldValues, TParsed = TValues>({
  resolver,
  emptyValues,
  fieldNames = [],
  submit,
  mode = 'onTouched',
  keepValues = false,
}: SubmitFormOptions<TValues, TParsed>) {
  const formMessage = useFormMessage();
  const form = useForm<TValues, unknown, TParsed>({ resolver, defaultValues: emptyValues as DefaultValues<TValues>, mode });
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await submit(values);
      if (!keepValues) form.reset(emptyValues);
    } catch (error) {
      applyServerFieldErrors(error, fieldNames, form.setError);
    }
  });
  const field = (name: Path<TValues>) => ({
    ...form.register(name),
    error: formMessage((form.formState.errors[name] as FieldError | undefined)?.message),
  });
  return { ...form, onSubmit, field };
}

interface MutationState {
  isSuccess: boolean;
  isError: boolean;
  isPending: boolean;
  error: unknown;
}

/** What `FormSubmit` shows for a mutation: the success text, or the failure text followed by the server's reason. */
export function submitOutcome(mutation: MutationState, success: string, failure: string) {
  return {
    success: mutation.isSuccess ? success : null,
    failure: mutation.isError ? `${failure} ${resolveErrorMessage(mutation.error)}` : null,
    busy: mutation.isPending,
  };
}
