import { createReleaseBodySchema, releaseTypes, type CreateReleaseBody } from '@fueldesk/contracts';
import { useId, useState } from 'react';
import { useFieldArray, type FieldErrors, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { FormSubmit, SelectField, TextAreaField, TextField } from '@/components/ui/form-field';
import { Icon } from '@/components/ui/icon';
import { resolveErrorMessage } from '@/lib/api-client';
import { useFormMessage } from '@/lib/use-form-message';
import { useSubmitForm } from '@/lib/use-submit-form';
import { usePublishRelease } from '../api/publish-release';

/** The form keeps each section's items as one text, a line per item. */
interface ReleaseFormValues {
  title: string;
  version: string;
  type: string;
  description: string;
  sections: { title: string; items: string }[];
}

const emptySection = { title: '', items: '' };
const emptyValues: ReleaseFormValues = { title: '', version: '', type: '', description: '', sections: [emptySection] };

function toBody(values: ReleaseFormValues): CreateReleaseBody {
  return {
    title: values.title,
    version: values.version,
    type: values.type as CreateReleaseBody['type'],
    description: values.description,
    sections: values.sections.map((section) => ({ title: section.title, items: section.items.split('\n') })),
  };
}

function setNested(target: Record<string, unknown>, path: readonly PropertyKey[], message: string) {
  let node = target;
  path.forEach((part, index) => {
    const key = String(part);
    if (index === path.length - 1) {
      if (!node[key] || typeof node[key] !== 'object' || !('message' in (node[key] as object))) {
        node[key] = { ...(node[key] as object | undefined), type: 'validation', message };
      }
      return;
    }
    node[key] ??= {};
    node = node[key] as Record<string, unknown>;
  });
}

/** Validates with the contracts' release schema (SPEC.md §5), mapping its issues onto the fields. */
const releaseResolver: Resolver<ReleaseFormValues, unknown, CreateReleaseBody> = async (values) => {
  const result = createReleaseBodySchema.safeParse(toBody(values));
  if (result.success) return { values: result.data as CreateReleaseBody, errors: {} };
  const errors: Record<string, unknown> = {};
  for (const issue of result.error.issues) {
    const path = issue.path.length > 0 ? issue.path : ['root'];
    // An error on the whole list (none given) shows beside the list, not on a field.
    setNested(errors, path[0] === 'sections' && path.length === 1 ? ['root', 'sections'] : path, issue.message);
  }
  return { values: {}, errors: errors as FieldErrors<ReleaseFormValues> };
};

/** Admin form that publishes a release (POST /api/releases). */
export function ReleaseForm() {
  const { t } = useTranslation(['releases', 'forms']);
  const baseId = useId();
  const mutation = usePublishRelease();
  const [published, setPublished] = useState<string | null>(null);
  const {
    register,
    control,
    onSubmit,
    formState: { errors },
  } = useSubmitForm<ReleaseFormValues, CreateReleaseBody>({
    resolver: releaseResolver,
    emptyValues,
    mode: 'onSubmit',
    fieldNames: ['title', 'version', 'type', 'description'],
    submit: async (body) => {
      setPublished(null);
      const release = await mutation.mutateAsync(body);
      setPublished(release.version);
    },
  });
  const sections = useFieldArray({ control, name: 'sections' });

  const message = useFormMessage();

  const id = (name: string) => `${baseId}-${name.replace(/\./g, '-')}`;

  const titleError = message(errors.title?.message);
  const versionError = message(errors.version?.message);
  const typeError = message(errors.type?.message);
  const descriptionError = message(errors.description?.message);
  const sectionsError = message(errors.root?.sections?.message ?? errors.sections?.root?.message);

  return (
    <form noValidate onSubmit={onSubmit} aria-labelledby={`${baseId}-heading`} className="flex flex-col gap-4">
      <div>
        <h2 id={`${baseId}-heading`} className="text-lg font-semibold text-slate-900 dark:text-slate-100">
          {t('form.heading')}
        </h2>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{t('form.lead')}</p>
      </div>
      <div className="grid gap-4 sm:grid-cols-[1fr_10rem_10rem]">
        <TextField required type="text" id={id('title')} label={t('form.title')} error={titleError} {...register('title')} />
        <TextField
          required
          type="text"
          inputMode="decimal"
          id={id('version')}
          label={t('form.version')}
          hint={t('form.versionHint')}
          error={versionError}
          {...register('version')}
        />
        <SelectField
          required
          id={id('type')}
          label={t('form.type')}
          placeholder={t('form.choose')}
          options={releaseTypes.map((type) => ({ value: type, label: t(`types.${type}`) }))}
          error={typeError}
          {...register('type')}
        />
      </div>
      <TextAreaField required rows={2} id={id('description')} label={t('form.description')} error={descriptionError} {...register('description')} />

      <fieldset className="flex flex-col gap-4" aria-describedby={sectionsError ? `${baseId}-sections-error` : undefined}>
        <legend className="text-sm font-semibold text-slate-800 dark:text-slate-200">{t('form.sectionsLegend')}</legend>
        {sections.fields.map((field, index) => {
          const sectionTitleError = message(errors.sections?.[index]?.title?.message);
          const itemsError = message(errors.sections?.[index]?.items?.message);
          const number = index + 1;
          return (
            <div key={field.id} className="rounded-lg border border-slate-200 p-4 dark:border-slate-700">
              <div className="grid gap-3">
                <TextField
                  required
                  type="text"
                  id={id(`sections.${index}.title`)}
                  label={t('form.sectionTitle', { number })}
                  error={sectionTitleError}
                  {...register(`sections.${index}.title`)}
                />
                <TextAreaField
                  required
                  rows={3}
                  id={id(`sections.${index}.items`)}
                  label={t('form.sectionItems', { number })}
                  hint={t('form.itemsHint')}
                  error={itemsError}
                  {...register(`sections.${index}.items`)}
                />
              </div>
              {sections.fields.length > 1 ? (
                <Button variant="ghost" className="mt-2 px-2 py-1" onClick={() => sections.remove(index)}>
                  <Icon name="trash" className="size-4" />
                  {t('form.removeSection', { number })}
                </Button>
              ) : null}
            </div>
          );
        })}
        {sectionsError ? (
          <p id={`${baseId}-sections-error`} className="text-sm font-medium text-red-700 dark:text-red-400">
            {sectionsError}
          </p>
        ) : null}
        <div>
          <Button variant="secondary" onClick={() => sections.append(emptySection)}>
            <Icon name="plus" className="size-4" />
            {t('form.addSection')}
          </Button>
        </div>
      </fieldset>

      <FormSubmit
        success={published ? t('form.success', { version: published }) : null}
        failure={mutation.isError ? `${t('form.failure')} ${resolveErrorMessage(mutation.error)}` : null}
        busy={mutation.isPending}
        label={t('form.submit')}
      />
    </form>
  );
}
