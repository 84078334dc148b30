import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { type Control, type FieldErrors, type UseFormRegister, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { type Job, employmentTypes, jobPath } from '@blitz/contract';
import { formIssueKeys, useFieldError } from '../../../components/admin/form-errors';
import { SelectField, TextAreaField, TextField } from '../../../components/admin/form-field';
import { ModalDialog } from '../../../components/admin/modal-dialog';
import { ModalForm } from '../../../components/admin/modal-form';
import { useUnsavedChanges } from '../../../components/admin/unsaved-changes';
import { EditConflict, TypedValues, conflictChanges, noConflictChanges } from '../../../components/admin/edit-conflict';
import { useStaleSave } from '../../../components/admin/use-stale-save';
import { SearchEntryFields } from '../../../components/admin/search-entry-fields';
import { searchEntryLabels } from '../../../components/admin/search-entry-form';
import { jobSearchResult } from '../../../lib/search-entry';
import { fetchJob, useSaveJob } from '../api/jobs';
import { type JobFormValues, jobCreatePayload, jobFormSchema, jobFormValues, jobPreview, jobUpdatePayload } from './job-form';

/** Add Job / Edit Job: every text in German and English side by side, German left (stacked on a phone). */
export function JobModal({ open, job, onClose }: { open: boolean; job: Job | undefined; onClose: () => void }) {
  const { t } = useTranslation('jobEditing');
  return (
    <ModalDialog open={open} onClose={onClose} size="tall" title={job ? t('modal.editTitle') : t('modal.addTitle')}>
      <JobForm job={job} onDone={onClose} />
    </ModalDialog>
  );
}

type PairField = 'title' | 'tasks' | 'profile' | 'offer' | 'howToApply';

function JobForm({ job, onDone }: { job: Job | undefined; onDone: () => void }) {
  const { t } = useTranslation(['jobEditing', 'admin']);
  const fieldError = useFieldError();
  const save = useSaveJob();
  const {
    register,
    handleSubmit,
    getValues,
    reset,
    control,
    formState: { errors, isDirty },
  } = useForm<JobFormValues>({ resolver: zodResolver(jobFormSchema, formIssueKeys), defaultValues: jobFormValues(job) });
  useUnsavedChanges(isDirty);
  // The job as the form was filled from: its version goes with the save (a stale one is refused).
  const [base, setBase] = useState(job);

  const submit = handleSubmit((values) => {
    const parsed = jobFormSchema.parse(values);
    save.mutate(base ? jobUpdatePayload(base, parsed) : jobCreatePayload(parsed), { onSuccess: onDone });
  });
  const overwrite = handleSubmit((values) => {
    if (!base) return;
    const { updatedAt: _updatedAt, ...payload } = jobUpdatePayload(base, jobFormSchema.parse(values));
    save.mutate(payload, { onSuccess: onDone });
  });
  const stale = useStaleSave({
    save,
    none: noConflictChanges,
    overwrite: () => void overwrite(),
    loadTheirs:
      base &&
      (async () => {
        const theirs = await fetchJob(base.id);
        const mine = getValues();
        const saved = jobFormValues(theirs);
        const typed = conflictChanges(
          Object.keys(mine) as (keyof JobFormValues)[],
          { loaded: jobFormValues(base), typed: mine, theirs: saved },
          typedLabel,
          save.error,
        );
        reset(saved);
        setBase(theirs);
        return typed;
      }),
  });

  const m = 'modal';
  const typedLabel = (field: string) => {
    if (field in searchEntryLabels) return t(searchEntryLabels[field as keyof typeof searchEntryLabels]);
    const pairOf = /^(title|tasks|profile|offer|howToApply)(De|En)$/.exec(field);
    if (!pairOf) return t(`${m}.${field}` as 'modal.location', { defaultValue: field });
    const name = t(`${m}.${pairOf[1] as PairField}`);
    return pairOf[2] === 'De' ? t(`${m}.inGerman`, { field: name }) : t(`${m}.inEnglish`, { field: name });
  };
  // One text in both languages: English and German beside each other, German first (the site's default).
  const pair = (field: PairField, multiline: boolean, required = false) => {
    const Field = multiline ? TextAreaField : TextField;
    return (
      <fieldset className="grid gap-4 sm:grid-cols-2">
        <legend className="sr-only">{t(`${m}.${field}`)}</legend>
        <Field
          label={t(`${m}.inGerman`, { field: t(`${m}.${field}`) })}
          lang="de"
          required={required}
          error={fieldError(errors[`${field}De`])}
          {...(field === 'title' ? { 'data-autofocus': true } : {})}
          {...register(`${field}De`)}
        />
        <Field
          label={t(`${m}.inEnglish`, { field: t(`${m}.${field}`) })}
          lang="en"
          required={required}
          error={fieldError(errors[`${field}En`])}
          {...register(`${field}En`)}
        />
      </fieldset>
    );
  };

  return (
    <ModalForm
      onSubmit={(event) => void submit(event)}
      onCancel={onDone}
      saving={save.isPending}
      error={stale.conflict ? undefined : save.error}
    >
      {stale.conflict && <EditConflict {...stale.conflictProps} />}
      <TypedValues changes={stale.typed} />
      {pair('title', false, true)}
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label={t(`${m}.location`)} required error={fieldError(errors.location)} {...register('location')} />
        <SelectField label={t(`${m}.employmentType`)} required {...register('employmentType')}>
          {employmentTypes.map((type) => (
            <option key={type} value={type}>
              {t(`employmentTypes.${type}`)}
            </option>
          ))}
        </SelectField>
        <TextField
          type="date"
          label={t(`${m}.startDate`)}
          hint={t(`${m}.startDateHint`)}
          error={fieldError(errors.startDate)}
          {...register('startDate')}
        />
        <TextField
          type="date"
          label={t(`${m}.validThrough`)}
          hint={t(`${m}.validThroughHint`)}
          error={fieldError(errors.validThrough)}
          {...register('validThrough')}
        />
        <TextField label={t(`${m}.contact`)} error={fieldError(errors.contact)} {...register('contact')} />
        <label className="flex items-center gap-3 self-end pb-2 text-sm font-semibold text-slate-800">
          <input type="checkbox" className="size-5 accent-brand-700" {...register('published')} />
          {t(`${m}.published`)}
        </label>
      </div>
      {pair('tasks', true)}
      {pair('profile', true)}
      {pair('offer', true)}
      {pair('howToApply', true)}
      <JobSearchEntry control={control} register={register} errors={errors} path={jobPath(base?.id ?? '…')} />
    </ModalForm>
  );
}

/** The section "Suchmaschinen": the entry's fields, hints and the result's preview made from the whole form. */
function JobSearchEntry({
  control,
  register,
  errors,
  path,
}: {
  control: Control<JobFormValues>;
  register: UseFormRegister<JobFormValues>;
  errors: FieldErrors<JobFormValues>;
  path: string;
}) {
  // Watched here, not in the form: a keystroke renders this section again, not the whole form.
  const values = { ...jobFormValues(), ...useWatch({ control }) };
  return (
    <SearchEntryFields
      register={(name) => register(name)}
      values={values}
      errors={errors}
      result={(language, common) => jobSearchResult(jobPreview(values, language), language, common)}
      path={path}
    />
  );
}
