import {
  SUBMENU_MAX_ITEMS,
  getSubmenuCategoryField,
  getSubmenuCategoryOptions,
  submenuItemTypes,
  type SubmenuDraft,
  type SubmenuErrorCode,
  type SubmenuItemType,
  type SubmenuParent,
} from '@fueldesk/contracts';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';

export type SubitemDialogState =
  | { mode: 'add'; parent: SubmenuParent }
  | { mode: 'rename'; parent: SubmenuParent; itemId: string; title: string };

interface SubitemDialogProps {
  state: SubitemDialogState;
  parentLabel: string;
  onSubmit: (draft: SubmenuDraft) => SubmenuErrorCode | null;
  onClose: () => void;
}

const fieldClassName =
  'focus-ring mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm dark:border-slate-600 dark:bg-slate-800';

/** Add or rename a custom sub-item (SPEC.md §2, rules of §5 applied by the caller's onSubmit). */
export function SubitemDialog({ state, parentLabel, onSubmit, onClose }: SubitemDialogProps) {
  const { t } = useTranslation();
  const [title, setTitle] = useState(state.mode === 'rename' ? state.title : '');
  const [category, setCategory] = useState('');
  const [type, setType] = useState<SubmenuItemType>('summary');
  const [error, setError] = useState<SubmenuErrorCode | null>(null);

  const categoryField = state.mode === 'add' ? getSubmenuCategoryField(state.parent) : null;
  const nameLabel = t(`submenu.nameLabel.${state.parent}`);
  // A message about a field goes once that field changes: no "select a category" beside a chosen one.
  const clearError = (...codes: SubmenuErrorCode[]) => setError((current) => (current && codes.includes(current) ? null : current));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const draft: SubmenuDraft = { title, category: categoryField ? category : null, type: categoryField ? null : type };
    const result = onSubmit(draft);
    if (result) setError(result);
    else onClose();
  };

  return (
    <Modal
      open
      onClose={onClose}
      title={state.mode === 'add' ? t('submenu.addTitle', { parent: parentLabel }) : t('submenu.renameTitle')}
    >
      <form onSubmit={submit} noValidate className="flex flex-col gap-4">
        <label className="text-sm font-medium">
          {nameLabel}
          <input
            name="title"
            value={title}
            autoComplete="off"
            maxLength={80}
            onChange={(event) => {
              setTitle(event.target.value);
              clearError('NAME_REQUIRED', 'DUPLICATE_TITLE');
            }}
            className={fieldClassName}
          />
        </label>
        {categoryField ? (
          <label className="text-sm font-medium">
            {t(`submenu.${categoryField}Label`)}
            <select
              name={categoryField}
              value={category}
              onChange={(event) => {
                setCategory(event.target.value);
                clearError('CATEGORY_REQUIRED', 'SECTION_REQUIRED', 'INVALID_CATEGORY', 'DUPLICATE_CATEGORY');
              }}
              className={fieldClassName}
            >
              <option value="">{t(`submenu.${categoryField}Placeholder`)}</option>
              {getSubmenuCategoryOptions(state.parent).map((option) => (
                <option key={option} value={option}>
                  {t(`submenu.options.${option}`)}
                </option>
              ))}
            </select>
          </label>
        ) : null}
        {state.mode === 'add' && !categoryField ? (
          <label className="text-sm font-medium">
            {t('submenu.typeLabel')}
            <select
              name="type"
              value={type}
              onChange={(event) => setType(event.target.value as SubmenuItemType)}
              className={fieldClassName}
            >
              {submenuItemTypes.map((option) => (
                <option key={option} value={option}>
                  {t(`submenu.types.${option}`)}
                </option>
              ))}
            </select>
          </label>
        ) : null}
        {error ? (
          <p role="alert" className="text-sm font-medium text-red-600 dark:text-red-400">
            {t(`submenu.errors.${error}`, { max: SUBMENU_MAX_ITEMS })}
          </p>
        ) : null}
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={onClose}>
            {t('actions.cancel')}
          </Button>
          <Button type="submit">{state.mode === 'add' ? t('actions.add') : t('actions.save')}</Button>
        </div>
      </form>
    </Modal>
  );
}
