import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { Category } from '@blitz/contract';
import { fetchCategory, useSaveCategory } from '../api/categories';
import { type CategoryFormValues, categoryFormSchema, categoryFormValues, categoryInput } from './category-form';
import { EditConflict, TypedValues, conflictChanges, noConflictChanges } from '../../../components/admin/edit-conflict';
import { formIssueKeys, useFieldError } from '../../../components/admin/form-errors';
import { TextField } from '../../../components/admin/form-field';
import { ModalDialog } from '../../../components/admin/modal-dialog';
import { ModalForm } from '../../../components/admin/modal-form';
import { useUnsavedChanges } from '../../../components/admin/unsaved-changes';
import { useStaleSave } from '../../../components/admin/use-stale-save';

type CategoryModalProps = {
  open: boolean;
  /** The category to edit; none for Add. */
  category: Category | undefined;
  onClose: () => void;
};

/** Add Category / Edit Category (width limit 2xl): Name *, German Title *, English Title * (German first, the site's default). */
export function CategoryModal({ open, category, onClose }: CategoryModalProps) {
  const { t } = useTranslation('categoryEditing');
  return (
    <ModalDialog open={open} onClose={onClose} size="narrow" title={category ? t('modal.editTitle') : t('modal.addTitle')}>
      <CategoryForm category={category} onDone={onClose} />
    </ModalDialog>
  );
}

function CategoryForm({ category, onDone }: { category: Category | undefined; onDone: () => void }) {
  const { t } = useTranslation('categoryEditing');
  const fieldError = useFieldError();
  const save = useSaveCategory();
  const {
    register,
    handleSubmit,
    getValues,
    reset,
    formState: { errors, isDirty },
  } = useForm({ resolver: zodResolver(categoryFormSchema, formIssueKeys), defaultValues: categoryFormValues(category) });
  useUnsavedChanges(isDirty);
  // The category the form was filled from: its version goes with a save (a stale one is refused,
  // 409), its values tell what this person changed.
  const [loaded, setLoaded] = useState(category);
  const version = loaded?.updatedAt;

  const submit = handleSubmit((values) =>
    save.mutate({ ...categoryInput(values), id: category?.id, updatedAt: version }, { onSuccess: onDone }),
  );
  const overwrite = handleSubmit((values) => save.mutate({ ...categoryInput(values), id: category?.id }, { onSuccess: onDone }));
  const labels: Record<keyof CategoryFormValues, string> = {
    name: t('modal.name'),
    titleDe: t('modal.germanTitle'),
    titleEn: t('modal.englishTitle'),
  };
  const stale = useStaleSave({
    save,
    none: noConflictChanges,
    overwrite: () => void overwrite(),
    loadTheirs:
      category &&
      (async () => {
        const theirs = await fetchCategory(category.id);
        const saved = categoryFormValues(theirs);
        const typed = conflictChanges(
          Object.keys(labels) as (keyof CategoryFormValues)[],
          { loaded: categoryFormValues(loaded), typed: getValues(), theirs: saved },
          (field) => labels[field],
          save.error,
        );
        reset(saved);
        setLoaded(theirs);
        return typed;
      }),
  });

  return (
    <ModalForm
      onSubmit={(event) => void submit(event)}
      onCancel={onDone}
      saving={save.isPending}
      error={stale.conflict ? undefined : save.error}
    >
      {stale.conflict && <EditConflict {...stale.conflictProps} />}
      <TypedValues changes={stale.typed} />
      <TextField data-autofocus label={t('modal.name')} required error={fieldError(errors.name)} {...register('name')} />
      {/* Both titles side by side, German left (stacked on a phone). */}
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label={t('modal.germanTitle')}
          lang="de"
          required
          error={fieldError(errors.titleDe)}
          {...register('titleDe')}
        />
        <TextField
          label={t('modal.englishTitle')}
          lang="en"
          required
          error={fieldError(errors.titleEn)}
          {...register('titleEn')}
        />
      </div>
    </ModalForm>
  );
}
