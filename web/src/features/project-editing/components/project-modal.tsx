import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import { type Control, type FieldErrors, type UseFormRegister, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { type Category, type Project, contentLanguageOf, featuredLimit, pickText, projectPath } from '@blitz/contract';
import { fetchProject, useSaveProjectWithFiles } from '../api/projects';
import { EditConflict, TypedValues, conflictChanges, noConflictChanges } from '../../../components/admin/edit-conflict';
import { useStaleSave } from '../../../components/admin/use-stale-save';
import { formIssueKeys, useFieldError } from '../../../components/admin/form-errors';
import { SelectField, TextAreaField, TextField } from '../../../components/admin/form-field';
import { ModalDialog } from '../../../components/admin/modal-dialog';
import { ModalForm } from '../../../components/admin/modal-form';
import { useUnsavedChanges } from '../../../components/admin/unsaved-changes';
import { SearchEntryFields } from '../../../components/admin/search-entry-fields';
import { searchEntryLabels } from '../../../components/admin/search-entry-form';
import { projectSearchResult } from '../../../lib/search-entry';
import { useAfterFirstFrame } from '../../../lib/use-after-first-frame';
import { type PictureItem, filePartName, missingTexts, pictureItems, picturesPayload } from './picture-list';
import { PictureListField } from './picture-list-field';
import {
  type ProjectFormValues,
  noCategory,
  projectCreatePayload,
  projectFormSchema,
  projectFormValues,
  projectPreview,
  projectUpdatePayload,
} from './project-form';
import { ProjectStatePanel } from './project-state';

type ProjectModalProps = {
  open: boolean;
  /** The project to edit; none for Add. */
  project: Project | undefined;
  categories: Category[];
  onClose: () => void;
};

/** Add Project / Edit Project (5/6 of the screen high, scrolling inside). */
export function ProjectModal({ open, project, categories, onClose }: ProjectModalProps) {
  const { t } = useTranslation(['projectEditing', 'admin']);
  return (
    <ModalDialog open={open} onClose={onClose} size="tall" title={project ? t('modal.editTitle') : t('modal.addTitle')}>
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
  const { t, i18n } = useTranslation(['projectEditing', 'admin', 'common']);
  const fieldError = useFieldError();
  const save = useSaveProjectWithFiles();
  const [pictures, setPictures] = useState<PictureItem[]>(() => pictureItems(project?.draft ?? project));
  const [picturesChanged, setPicturesChanged] = useState(false);
  const [tried, setTried] = useState(false);
  const [progress, setProgress] = useState<number>();
  // The project as it is now: the state actions answer it anew.
  const [current, setCurrent] = useState(project);
  const {
    register,
    handleSubmit,
    getValues,
    setValue,
    reset,
    control,
    formState: { errors, isDirty },
  } = useForm({ resolver: zodResolver(projectFormSchema(), formIssueKeys), defaultValues: projectFormValues(project) });
  // Opened before the categories arrived (a link to the project from another tab): the select
  // shows the project's category once its option is there (the value was kept all along).
  useEffect(() => setValue('categoryID', getValues('categoryID')), [categories, getValues, setValue]);
  // The version the form was filled from; a save of an older one than the server's is refused.
  const [version, setVersion] = useState(project?.updatedAt);
  // The values the form was filled from: what this person changed is told apart from the colleague's.
  const [loaded, setLoaded] = useState(() => projectFormValues(project));
  useUnsavedChanges(isDirty || picturesChanged);
  const language = contentLanguageOf(i18n.language === 'en' ? 'en' : 'de');
  const missing = missingTexts(pictures);
  // The search entry and the pictures lie below a phone's fold: they follow the dialog's first frame.
  const lowerSections = useAfterFirstFrame();
  const picturesReady = pictures.length > 0 && missing.size === 0;

  const m = 'modal';
  // "Publish" (the form's submit) or "Save as draft": a published project's changes become a
  // draft of changes, visitors keep seeing the published version until it is published.
  // `version`: the one the form was filled from; a save over someone else's change is refused.
  const submitAs = (published: boolean, checkVersion = true) =>
    handleSubmit(
      (values) => {
        setTried(true);
        // A project has a picture; every picture needs its texts before the project is published
        // (decision 034), a draft may be saved without them.
        if (pictures.length === 0 || (published && !picturesReady)) return;
        const list = picturesPayload(pictures);
        const files = pictures.flatMap((item) => (item.file ? [{ name: filePartName(item), file: item.file }] : []));
        setProgress(files.length ? 0 : undefined);
        save.mutate(
          {
            payload: current
              ? projectUpdatePayload(current.id, values, list, published, checkVersion ? version : undefined)
              : projectCreatePayload(values, list, published),
            files,
            onProgress: setProgress,
          },
          { onSuccess: onDone, onSettled: () => setProgress(undefined) },
        );
      },
      () => setTried(true),
    );
  const submit = submitAs(true);
  const overwrite = submitAs(true, false);
  const stale = useStaleSave({
    save,
    none: noConflictChanges,
    overwrite: () => void overwrite(),
    loadTheirs:
      current &&
      (async () => {
        const theirs = await fetchProject(current.id);
        const saved = projectFormValues(theirs);
        const typed = conflictChanges(
          typedFields,
          { loaded, typed: getValues(), theirs: saved },
          (field) => t(typedLabels[field]),
          save.error,
          ['categoryID'],
        );
        setLoaded(saved);
        // Their version of the fields; the pictures stay as the user arranged them.
        reset(saved, { keepDefaultValues: false });
        setVersion(theirs.updatedAt);
        setCurrent(theirs);
        return typed;
      }),
  });

  return (
    <ModalForm
      onSubmit={(event) => void submit(event)}
      onCancel={onDone}
      saving={save.isPending}
      error={stale.conflict ? undefined : save.error}
      submitLabel={{ idle: t(`${m}.publish`), busy: t('admin:actions.saving') }}
      secondaryAction={{ label: t(`${m}.saveDraft`), onClick: () => void submitAs(false)() }}
    >
      {stale.conflict && <EditConflict {...stale.conflictProps} />}
      <TypedValues changes={stale.typed} />
      {current && (
        <ProjectStatePanel
          project={current}
          onChanged={(changed) => {
            setCurrent(changed);
            // Publishing changes the version: the next save starts from it.
            setVersion(changed.updatedAt);
          }}
        />
      )}
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          data-autofocus
          label={t(`${m}.germanTitle`)}
          lang="de"
          required
          error={fieldError(errors.titleDe)}
          {...register('titleDe')}
        />
        <TextField
          label={t(`${m}.englishTitle`)}
          lang="en"
          required
          error={fieldError(errors.titleEn)}
          {...register('titleEn')}
        />
        <TextField label={t(`${m}.germanLocation`)} lang="de" error={fieldError(errors.locationDe)} {...register('locationDe')} />
        <TextField
          label={t(`${m}.englishLocation`)}
          lang="en"
          hint={t(`${m}.lineHint`)}
          error={fieldError(errors.locationEn)}
          {...register('locationEn')}
        />
        <TextField
          label={t(`${m}.germanWorkDuration`)}
          lang="de"
          error={fieldError(errors.workDurationDe)}
          {...register('workDurationDe')}
        />
        <TextField
          label={t(`${m}.englishWorkDuration`)}
          lang="en"
          hint={t(`${m}.lineHint`)}
          error={fieldError(errors.workDurationEn)}
          {...register('workDurationEn')}
        />
        <TextField label={t(`${m}.client`)} error={fieldError(errors.client)} {...register('client')} />
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
          error={fieldError(errors.scopeDe)}
          {...register('scopeDe')}
        />
        <TextAreaField
          label={t(`${m}.englishScope`)}
          hint={t(`${m}.scopeHint`)}
          lang="en"
          required
          error={fieldError(errors.scopeEn)}
          {...register('scopeEn')}
        />
        <TextAreaField
          label={t(`${m}.germanContent`)}
          lang="de"
          error={fieldError(errors.contentDe)}
          {...register('contentDe')}
        />
        <TextAreaField
          label={t(`${m}.englishContent`)}
          lang="en"
          error={fieldError(errors.contentEn)}
          {...register('contentEn')}
        />
        <label className="flex items-center gap-3 text-sm font-semibold text-slate-800 sm:col-span-2">
          <input type="checkbox" className="size-5 accent-brand-700" {...register('featured')} />
          {t(`${m}.featured`, { max: featuredLimit })}
        </label>
      </div>
      {lowerSections && (
        <>
          <ProjectSearchEntry control={control} register={register} errors={errors} path={projectPath(current?.id ?? '…')} />
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
        </>
      )}
    </ModalForm>
  );
}

/** The section "Suchmaschinen": the entry's fields, hints and the result's preview made from the whole form. */
function ProjectSearchEntry({
  control,
  register,
  errors,
  path,
}: {
  control: Control<ProjectFormValues>;
  register: UseFormRegister<ProjectFormValues>;
  errors: FieldErrors<ProjectFormValues>;
  path: string;
}) {
  // Watched here, not in the form: a keystroke renders this section again, not the whole form.
  const values = { ...projectFormValues(), ...useWatch({ control }) };
  return (
    <SearchEntryFields
      register={(name) => register(name)}
      values={values}
      errors={errors}
      result={(language, t) => projectSearchResult(projectPreview(values), language, t)}
      path={path}
    />
  );
}

/** The fields compared after their version is loaded (what was typed kept visible, what they changed named), with their labels. */
const typedLabels = {
  titleDe: 'projectEditing:modal.germanTitle',
  titleEn: 'projectEditing:modal.englishTitle',
  locationDe: 'projectEditing:modal.germanLocation',
  locationEn: 'projectEditing:modal.englishLocation',
  client: 'projectEditing:modal.client',
  workDurationDe: 'projectEditing:modal.germanWorkDuration',
  workDurationEn: 'projectEditing:modal.englishWorkDuration',
  scopeDe: 'projectEditing:modal.germanScope',
  scopeEn: 'projectEditing:modal.englishScope',
  contentDe: 'projectEditing:modal.germanContent',
  contentEn: 'projectEditing:modal.englishContent',
  categoryID: 'projectEditing:modal.category',
  ...searchEntryLabels,
} as const satisfies Partial<Record<keyof ProjectFormValues, string>>;
// The category is a choice: named when they changed it, not offered to copy.
const typedFields = (Object.keys(typedLabels) as (keyof typeof typedLabels)[]).filter((field) => field !== 'categoryID');
