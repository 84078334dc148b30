import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { type Category, type Project, contentLanguageOf, featuredLimit, pickText } from '@blitz/contract';
import { useSaveProjectWithFiles } from '../api/projects';
import { fieldError, formIssueKeys } from '../../../components/admin/form-errors';
import { SelectField, TextAreaField, TextField } from '../../../components/admin/form-field';
import { ModalDialog } from '../../../components/admin/modal-dialog';
import { ModalForm } from '../../../components/admin/modal-form';
import { useUnsavedChanges } from '../../../components/admin/unsaved-changes';
import { type PictureItem, filePartName, missingTexts, pictureItems, picturesPayload } from './picture-list';
import { PictureListField } from './picture-list-field';
import { noCategory, projectCreatePayload, projectFormSchema, projectFormValues, projectUpdatePayload } from './project-form';

type ProjectModalProps = {
  open: boolean;
  /** The project to edit; none for Add. */
  project: Project | undefined;
  categories: Category[];
  onClose: () => void;
};

/** Add Project / Edit Project (5/6 of the screen high, scrolling inside). */
export function ProjectModal({ open, project, categories, onClose }: ProjectModalProps) {
  const { t } = useTranslation('admin');
  return (
    <ModalDialog
      open={open}
      onClose={onClose}
      size="tall"
      title={project ? t('projects.modal.editTitle') : t('projects.modal.addTitle')}
    >
      <ProjectForm project={project} categories={categories} onDone={onClose} />
    </ModalDialog>
  );
}

function ProjectForm({
  project,
  categories,
  onDone,
}: {
  project: Project | undefined;
  categories: Category[];
  onDone: () => void;
}) {
  const { t, i18n } = useTranslation(['admin', 'common']);
  const save = useSaveProjectWithFiles();
  const [pictures, setPictures] = useState<PictureItem[]>(() => pictureItems(project));
  const [picturesChanged, setPicturesChanged] = useState(false);
  const [tried, setTried] = useState(false);
  const [progress, setProgress] = useState<number>();
  const {
    register,
    handleSubmit,
    formState: { errors, isDirty },
  } = useForm({ resolver: zodResolver(projectFormSchema(), formIssueKeys), defaultValues: projectFormValues(project) });
  useUnsavedChanges(isDirty || picturesChanged);
  const language = contentLanguageOf(i18n.language === 'en' ? 'en' : 'de');
  const missing = missingTexts(pictures);
  const picturesReady = pictures.length > 0 && missing.size === 0;

  const submit = handleSubmit(
    (values) => {
      setTried(true);
      // Every picture needs its texts before the project is published (decision 034).
      if (!picturesReady) return;
      const list = picturesPayload(pictures);
      const files = pictures.flatMap((item) => (item.file ? [{ name: filePartName(item), file: item.file }] : []));
      setProgress(files.length ? 0 : undefined);
      save.mutate(
        {
          payload: project ? projectUpdatePayload(project.id, values, list) : projectCreatePayload(values, list),
          files,
          onProgress: setProgress,
        },
        { onSuccess: onDone, onSettled: () => setProgress(undefined) },
      );
    },
    () => setTried(true),
  );

  const m = 'projects.modal';
  return (
    <ModalForm onSubmit={(event) => void submit(event)} onCancel={onDone} saving={save.isPending} error={save.error}>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          data-autofocus
          label={t(`${m}.germanTitle`)}
          lang="de"
          required
          error={fieldError(t, errors.titleDe)}
          {...register('titleDe')}
        />
        <TextField
          label={t(`${m}.englishTitle`)}
          lang="en"
          required
          error={fieldError(t, errors.titleEn)}
          {...register('titleEn')}
        />
        <TextField label={t(`${m}.location`)} error={fieldError(t, errors.location)} {...register('location')} />
        <TextField label={t(`${m}.client`)} error={fieldError(t, errors.client)} {...register('client')} />
        <TextField label={t(`${m}.workDuration`)} error={fieldError(t, errors.workDuration)} {...register('workDuration')} />
        <SelectField label={t(`${m}.category`)} {...register('categoryID')}>
          <option value={noCategory}>{t(`${m}.selectCategory`)}</option>
          {categories.map((category) => {
            const translation = pickText(category.translation, language);
            return (
              <option key={category.id} value={String(category.id)}>
                {!translation
                  ? `${category.name} – ${t('common:failedToLoadName')}`
                  : translation !== category.name
                    ? `${category.name} – ${translation}`
                    : category.name}
              </option>
            );
          })}
        </SelectField>
        <TextAreaField
          label={t(`${m}.germanScope`)}
          hint={t(`${m}.scopeHint`)}
          lang="de"
          required
          error={fieldError(t, errors.scopeDe)}
          {...register('scopeDe')}
        />
        <TextAreaField
          label={t(`${m}.englishScope`)}
          hint={t(`${m}.scopeHint`)}
          lang="en"
          required
          error={fieldError(t, errors.scopeEn)}
          {...register('scopeEn')}
        />
        <TextAreaField
          label={t(`${m}.germanContent`)}
          lang="de"
          error={fieldError(t, errors.contentDe)}
          {...register('contentDe')}
        />
        <TextAreaField
          label={t(`${m}.englishContent`)}
          lang="en"
          error={fieldError(t, errors.contentEn)}
          {...register('contentEn')}
        />
        <label className="flex items-center gap-3 text-sm font-semibold text-slate-800 sm:col-span-2">
          <input type="checkbox" className="size-5 accent-brand-700" {...register('featured')} />
          {t(`${m}.featured`, { max: featuredLimit })}
        </label>
      </div>
      <PictureListField
        items={pictures}
        onChange={(items) => {
          setPictures(items);
          setPicturesChanged(true);
        }}
        showErrors={tried}
        missing={missing}
        progress={progress}
      />
    </ModalForm>
  );
}
