import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { type Job, employmentTypes } from '@blitz/contract';
import { formIssueKeys, useFieldError } from '../../../components/admin/form-errors';
import { SelectField, TextAreaField, TextField } from '../../../components/admin/form-field';
import { ModalDialog } from '../../../components/admin/modal-dialog';
import { ModalForm } from '../../../components/admin/modal-form';
import { useUnsavedChanges } from '../../../components/admin/unsaved-changes';
import { EditConflict, TypedValues, conflictChanges, noConflictChanges } from '../../../components/admin/edit-conflict';
import { useStaleSave } from '../../../components/admin/use-stale-save';
import { fetchJob, useSaveJob } from '../api/jobs';
import { type JobFormValues, jobCreatePayload, jobFormSchema, jobFormValues, jobUpdatePayload } from './job-form';

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
  const { t } = useTranslation('jobEditing');
  const fieldError = useFieldError();
  const save = useSaveJob();
  const {
    register,
    handleSubmit,
    getValues,
    reset,
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
    </ModalForm>
  );
}
