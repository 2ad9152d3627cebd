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
import { Dialog, DialogActions } from '@/components/ui/dialog';
import { SelectField, TextField } from '@/components/ui/form-field';

export type SubitemDialogState =
  | { mode: 'add'; parent: SubmenuParent }
  | { mode: 'rename'; parent: SubmenuParent; itemId: string; title: string };

interface SubitemDialogProps {
  state: SubitemDialogState;
  parentLabel: string;
  onSubmit: (draft: SubmenuDraft) => SubmenuErrorCode | null;
  onClose: () => void;
}

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
    <Dialog
      open
      onClose={onClose}
      title={state.mode === 'add' ? t('submenu.addTitle', { parent: parentLabel }) : t('submenu.renameTitle')}
    >
      <form onSubmit={submit} noValidate className="flex flex-col gap-4">
        <TextField
          label={nameLabel}
          name="title"
          value={title}
          autoComplete="off"
          maxLength={80}
          onChange={(event) => {
            setTitle(event.target.value);
            clearError('NAME_REQUIRED', 'DUPLICATE_TITLE');
          }}
        />
        {categoryField ? (
          <SelectField
            label={t(`submenu.${categoryField}Label`)}
            name={categoryField}
            value={category}
            placeholder={t(`submenu.${categoryField}Placeholder`)}
            options={getSubmenuCategoryOptions(state.parent).map((option) => ({ value: option, label: t(`submenu.options.${option}`) }))}
            onChange={(event) => {
              setCategory(event.target.value);
              clearError('CATEGORY_REQUIRED', 'SECTION_REQUIRED', 'INVALID_CATEGORY', 'DUPLICATE_CATEGORY');
            }}
          />
        ) : null}
        {state.mode === 'add' && !categoryField ? (
          <SelectField
            label={t('submenu.typeLabel')}
            name="type"
            value={type}
            options={submenuItemTypes.map((option) => ({ value: option, label: t(`submenu.types.${option}`) }))}
            onChange={(event) => setType(event.target.value as SubmenuItemType)}
          />
        ) : null}
        {error ? (
          <p role="alert" className="text-sm font-medium text-red-600 dark:text-red-400">
            {t(`submenu.errors.${error}`, { max: SUBMENU_MAX_ITEMS })}
          </p>
        ) : null}
        <DialogActions cancelLabel={t('actions.cancel')} onCancel={onClose} actionLabel={state.mode === 'add' ? t('actions.add') : t('actions.save')} />
      </form>
    </Dialog>
  );
}
