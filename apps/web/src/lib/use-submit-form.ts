import { useForm, type DefaultValues, type FieldError, type FieldValues, type Path, type Resolver } from 'react-hook-form';
import { resolveErrorMessage } from './api-client';
import { applyServerFieldErrors } from './server-field-errors';
import { useFormMessage } from './use-form-message';

interface SubmitFormOptions<TValues extends FieldValues, TParsed> {
  resolver: Resolver<TValues, unknown, TParsed>;
  emptyValues: TValues;
  /** The fields a 400 answer's per-field messages may land on. */
  fieldNames: readonly string[];
  /** Sends the parsed values; the form empties when it resolves. */
  submit: (values: TParsed) => Promise<unknown>;
}

/**
 * A form that sends its values and starts over: validated on touch, emptied after a success, and
 * given the server's per-field messages after a 400 (the caller shows the outcome). `field(name)` gives
 * a kit field its registration and its message in the current language.
 */
export function useSubmitForm<TValues extends FieldValues, TParsed>({ resolver, emptyValues, fieldNames, submit }: SubmitFormOptions<TValues, TParsed>) {
  const formMessage = useFormMessage();
  const form = useForm<TValues, unknown, TParsed>({ resolver, defaultValues: emptyValues as DefaultValues<TValues>, mode: 'onTouched' });
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await submit(values);
      form.reset(emptyValues);
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
