import { useForm, type DefaultValues, type FieldValues, type Resolver } from 'react-hook-form';
import { applyServerFieldErrors } from './server-field-errors';

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
 * given the server's per-field messages after a 400 (the caller shows the outcome).
 */
export function useSubmitForm<TValues extends FieldValues, TParsed>({ resolver, emptyValues, fieldNames, submit }: SubmitFormOptions<TValues, TParsed>) {
  const form = useForm<TValues, unknown, TParsed>({ resolver, defaultValues: emptyValues as DefaultValues<TValues>, mode: 'onTouched' });
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await submit(values);
      form.reset(emptyValues);
    } catch (error) {
      applyServerFieldErrors(error, fieldNames, form.setError);
    }
  });
  return { ...form, onSubmit };
}
