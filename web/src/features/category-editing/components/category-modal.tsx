import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { Category } from '@blitz/contract';
import { useSaveCategory } from '../api/categories';
import { categoryFormSchema, categoryFormValues, categoryInput } from './category-form';
import { fieldError, formIssueKeys } from '../../../components/admin/form-errors';
import { TextField } from '../../../components/admin/form-field';
import { ModalDialog } from '../../../components/admin/modal-dialog';
import { ModalForm } from '../../../components/admin/modal-form';
import { useUnsavedChanges } from '../../../components/admin/unsaved-changes';

type CategoryModalProps = {
  open: boolean;
  /** The category to edit; none for Add. */
  category: Category | undefined;
  onClose: () => void;
};

/** Add Category / Edit Category (width limit 2xl): Name *, German Title *, English Title * (German first, the site's default). */
export function CategoryModal({ open, category, onClose }: CategoryModalProps) {
  const { t } = useTranslation('admin');
  return (
    <ModalDialog
      open={open}
      onClose={onClose}
      size="narrow"
      title={category ? t('categories.modal.editTitle') : t('categories.modal.addTitle')}
    >
      <CategoryForm category={category} onDone={onClose} />
    </ModalDialog>
  );
}

function CategoryForm({ category, onDone }: { category: Category | undefined; onDone: () => void }) {
  const { t } = useTranslation('admin');
  const save = useSaveCategory();
  const {
    register,
    handleSubmit,
    formState: { errors, isDirty },
  } = useForm({ resolver: zodResolver(categoryFormSchema, formIssueKeys), defaultValues: categoryFormValues(category) });
  useUnsavedChanges(isDirty);

  const submit = handleSubmit((values) =>
    save.mutate({ ...categoryInput(values), id: category?.id, updatedAt: category?.updatedAt }, { onSuccess: onDone }),
  );

  return (
    <ModalForm onSubmit={(event) => void submit(event)} onCancel={onDone} saving={save.isPending} error={save.error}>
      <TextField
        data-autofocus
        label={t('categories.modal.name')}
        required
        error={fieldError(t, errors.name)}
        {...register('name')}
      />
      {/* Both titles side by side, German left (stacked on a phone). */}
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label={t('categories.modal.germanTitle')}
          lang="de"
          required
          error={fieldError(t, errors.titleDe)}
          {...register('titleDe')}
        />
        <TextField
          label={t('categories.modal.englishTitle')}
          lang="en"
          required
          error={fieldError(t, errors.titleEn)}
          {...register('titleEn')}
        />
      </div>
    </ModalForm>
  );
}
