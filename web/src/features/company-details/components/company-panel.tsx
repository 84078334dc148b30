import type { ParseKeys } from 'i18next';
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { type Path, type UseFormReturn, useFieldArray, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { type CompanyDetailsRead, companyDetailsLimits, federalStates, managementKinds } from '@blitz/contract';
import { primaryButton, secondaryButton, smallButton } from '../../../components/admin/button-classes';
import { CommandError } from '../../../components/admin/command-error';
import { EditConflict, TypedValues, noConflictChanges } from '../../../components/admin/edit-conflict';
import { useFieldError } from '../../../components/admin/form-errors';
import { SelectField, TextAreaField, TextField } from '../../../components/admin/form-field';
import { ListStatus } from '../../../components/admin/list-status';
import { useUnsavedChanges } from '../../../components/admin/unsaved-changes';
import { useStaleSave } from '../../../components/admin/use-stale-save';
import { useAfterFirstFrame } from '../../../lib/use-after-first-frame';
import { whenIdle } from '../../../lib/when-idle';
import { useCompanyDetails, useFetchCompanyDetails, useSaveCompanyDetails } from '../api/company-details';
import { useSiteAddress } from '../api/site-address';
import {
  type CompanyFormValues,
  companyFormResolver,
  companyFormValues,
  companyDetailsInput,
  loadCompanyCheck,
} from './company-form';
import { LogoField } from './logo-field';
import { PictureChoice } from './picture-choice';
import { typedCompanyFields } from './typed-company-fields';

/** The company details (admin only): grouped sections, inline messages, one Save for the whole object. */
export function CompanyPanel() {
  const { t } = useTranslation(['companyDetails', 'admin']);
  const headingId = useId();
  const settings = useCompanyDetails();
  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId} className="mb-2 text-2xl font-bold text-brand-900">
        {t('heading')}
      </h2>
      <p className="mb-6 max-w-3xl text-slate-700">{t('intro')}</p>
      {settings.data ? <CompanyForm settings={settings.data} /> : <ListStatus query={settings} />}
    </section>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
      <legend className="px-1 text-lg font-bold text-brand-900">{title}</legend>
      <div className="grid gap-4 sm:grid-cols-2">{children}</div>
    </fieldset>
  );
}

function CompanyForm({ settings }: { settings: CompanyDetailsRead }) {
  const { t } = useTranslation(['companyDetails', 'admin']);
  const fieldError = useFieldError();
  const save = useSaveCompanyDetails();
  const [saved, setSaved] = useState(false);
  const form = useForm<CompanyFormValues>({ resolver: companyFormResolver, defaultValues: companyFormValues(settings) });
  const {
    register,
    control,
    handleSubmit,
    formState: { errors, isDirty },
  } = form;
  useUnsavedChanges(isDirty);
  // The version the form was filled from: a save over someone else's change is refused (409).
  const [version, setVersion] = useState(settings.updatedAt ?? null);
  // The values the form was filled from: what this person changed is told apart from the colleague's.
  const [loaded, setLoaded] = useState(() => companyFormValues(settings));
  const typedRef = useRef<HTMLDivElement>(null);
  const fetchCompanyDetails = useFetchCompanyDetails();
  const partners = useFieldArray({ control, name: 'partners' });
  // Which address search engines, link previews and mails are given, and whether SITE_URL fixes it.
  const address = useSiteAddress().data;
  const addressHint = address && t(`admin:siteAddress.hint.${address.source}`, { origin: address.publicOrigin });
  // The sections below the address lie below a phone's fold: they follow the tab's first frame (about
  // 100 ms of the tab's render at 4×, issue 46).
  const lowerSections = useAfterFirstFrame();
  // The check is there before the first save (or blur after it), fetched once the browser is idle.
  useEffect(() => whenIdle(() => void loadCompanyCheck().catch(() => undefined)), []);

  // `checkVersion` false: "Save mine anyway", the same save without a version (it overwrites).
  const submitWith = (checkVersion: boolean) =>
    handleSubmit((values) => {
      setSaved(false);
      const input = companyDetailsInput(values);
      save.mutate(checkVersion ? { ...input, updatedAt: version } : input, {
        // The form goes on from what the server kept (a new picture is now its stored address).
        onSuccess: (kept) => {
          const values = companyFormValues(kept);
          form.reset(values);
          setLoaded(values);
          setVersion(kept.updatedAt ?? null);
          setTyped(noConflictChanges);
          setSaved(true);
        },
      });
    });
  const submit = submitWith(true);
  const overwrite = submitWith(false);
  const stale = useStaleSave({
    save,
    none: noConflictChanges,
    overwrite: () => void overwrite(),
    loadTheirs: async () => {
      const theirs = await fetchCompanyDetails();
      const values = companyFormValues(theirs);
      const typed = typedCompanyFields({ loaded, typed: form.getValues(), theirs: values }, t, save.error);
      form.reset(values);
      setLoaded(values);
      setVersion(theirs.updatedAt ?? null);
      return typed;
    },
  });
  const { typed, setTyped } = stale;
  // What was typed is shown above the Save bar: brought into view, wherever the user was.
  useEffect(() => {
    if (typed.mine.length + typed.theirs.length > 0) typedRef.current?.scrollIntoView({ block: 'nearest' });
  }, [typed]);

  const c = 'fields';
  const text = (name: Path<CompanyFormValues>, required = false, props: Record<string, unknown> = {}) => (
    <TextField
      label={t(`${c}.${labelKey(name)}` as ParseKeys<'companyDetails'>)}
      required={required}
      error={fieldError(errorAt(errors, name))}
      {...props}
      {...register(name)}
    />
  );
  // A text in both languages: German first (the site's default), English beside it.
  const pair = (base: 'openingHours' | 'personPosition' | 'personQuote', multiline = false) => {
    const Field = multiline ? TextAreaField : TextField;
    return (
      <>
        <Field
          label={t(`${c}.inGerman`, { field: t(`${c}.${base}`) })}
          lang="de"
          error={fieldError(errorAt(errors, `${base}De`))}
          {...register(`${base}De`)}
        />
        <Field
          label={t(`${c}.inEnglish`, { field: t(`${c}.${base}`) })}
          lang="en"
          error={fieldError(errorAt(errors, `${base}En`))}
          {...register(`${base}En`)}
        />
      </>
    );
  };

  return (
    <form noValidate className="space-y-6" onSubmit={(event) => void submit(event)}>
      <Section title={t('sections.logo')}>
        <LogoField form={form} saved={form.formState.defaultValues?.logo ?? ''} />
      </Section>
      <Section title={t('sections.company')}>
        {text('name', true)}
        {text('legalName', true)}
        {text('legalForm')}
        {text('foundedYear', true, { inputMode: 'numeric' })}
      </Section>
      <Section title={t('sections.address')}>
        {text('street', true)}
        {text('postalCode', true)}
        {text('city', true)}
        {text('country', true)}
        {text('countryCode', true, { maxLength: 2, autoCapitalize: 'characters' })}
        <SelectField
          label={t(`${c}.federalState`)}
          hint={t(`${c}.federalStateHint`)}
          error={fieldError(errors.federalState)}
          {...register('federalState')}
        >
          {(['', ...federalStates] as const).map((state) => (
            <option key={state} value={state}>
              {t(`${c}.federalStates.${state || 'none'}`)}
            </option>
          ))}
        </SelectField>
        {text('latitude', true, { inputMode: 'decimal', hint: t(`${c}.mapHint`) })}
        {text('longitude', true, { inputMode: 'decimal' })}
      </Section>
      {lowerSections && (
        <>
          <Section title={t('sections.contact')}>
            {text('phone', true, { type: 'tel', autoComplete: 'off' })}
            {text('email', true, { type: 'email' })}
            {text('website', true, { type: 'url', hint: addressHint })}
            {text('jobsContact')}
            {pair('openingHours')}
          </Section>
          <Section title={t('sections.register')}>
            <TextAreaField
              label={t(`${c}.managingDirectors`)}
              hint={t(`${c}.managingDirectorsHint`, { max: companyDetailsLimits.maxManagingDirectors })}
              required
              rows={2}
              error={fieldError(errors.managingDirectors)}
              {...register('managingDirectors')}
            />
            <SelectField label={t(`${c}.management`)} {...register('management')}>
              {(['', ...managementKinds] as const).map((kind) => (
                <option key={kind} value={kind}>
                  {t(`${c}.managementKinds.${kind || 'byCount'}`)}
                </option>
              ))}
            </SelectField>
            {text('vatId', true, { hint: t(`${c}.vatIdHint`) })}
            {text('registerCourt')}
            {text('registerNumber')}
            {text('taxNumber')}
            {text('supervisoryChamber')}
          </Section>
          <Section title={t('sections.statistics')}>
            <p className="text-sm text-slate-700 sm:col-span-2">{t('statisticsIntro')}</p>
            {Array.from({ length: companyDetailsLimits.statistics }, (_, i) => (
              <fieldset
                key={i}
                className="grid gap-3 rounded border border-slate-200 p-3 sm:col-span-2 sm:grid-cols-[8rem_1fr_1fr]"
              >
                <legend className="px-1 text-sm font-semibold text-slate-700">{t('statistic', { number: i + 1 })}</legend>
                {text(`statistics.${i}.value`, true, { inputMode: 'numeric' })}
                <TextField
                  label={t(`${c}.inGerman`, { field: t(`${c}.label`) })}
                  lang="de"
                  error={fieldError(errorAt(errors, `statistics.${i}.labelDe`))}
                  {...register(`statistics.${i}.labelDe`)}
                />
                <TextField
                  label={t(`${c}.inEnglish`, { field: t(`${c}.label`) })}
                  lang="en"
                  error={fieldError(errorAt(errors, `statistics.${i}.labelEn`))}
                  {...register(`statistics.${i}.labelEn`)}
                />
              </fieldset>
            ))}
          </Section>
          <Section title={t('sections.partners')}>
            {partners.fields.map((field, i) => (
              <fieldset key={field.id} className="grid gap-3 rounded border border-slate-200 p-3 sm:col-span-2 sm:grid-cols-2">
                <legend className="px-1 text-sm font-semibold text-slate-700">{t('partner', { number: i + 1 })}</legend>
                {text(`partners.${i}.name`, true)}
                {text(`partners.${i}.url`, true, { type: 'url' })}
                <PictureField form={form} name={`partners.${i}.logo`} label={t(`${c}.logo`)} />
                <div className="flex items-end justify-end">
                  <button type="button" className={`${secondaryButton} ${smallButton}`} onClick={() => partners.remove(i)}>
                    {t('removePartner', { number: i + 1 })}
                  </button>
                </div>
              </fieldset>
            ))}
            {partners.fields.length < companyDetailsLimits.maxPartners && (
              <div className="sm:col-span-2">
                <button
                  type="button"
                  className={`${secondaryButton} ${smallButton}`}
                  onClick={() => partners.append({ name: '', url: 'https://', logo: 'ferrum' })}
                >
                  {t('addPartner')}
                </button>
              </div>
            )}
          </Section>
          <Section title={t('sections.person')}>
            {text('personName', true)}
            <PictureField form={form} name="personPicture" label={t(`${c}.personPicture`)} />
            {pair('personPosition')}
            {pair('personQuote', true)}
          </Section>
        </>
      )}
      {typed.mine.length + typed.theirs.length > 0 && (
        <div ref={typedRef} className="scroll-mb-24">
          <TypedValues changes={typed} />
        </div>
      )}
      <div className="sticky bottom-0 flex flex-wrap items-center justify-end gap-4 border-t border-slate-200 bg-white/95 py-3">
        {stale.conflict ? (
          <div className="mr-auto">
            <EditConflict {...stale.conflictProps} />
          </div>
        ) : save.error ? (
          <div className="mr-auto">
            <CommandError error={save.error} />
          </div>
        ) : null}
        {Object.keys(errors).length > 0 && (
          <p role="alert" className="mr-auto text-sm font-medium text-red-700">
            {t('fixErrors')}
          </p>
        )}
        {saved && !save.isPending && (
          <p role="status" className="text-sm font-medium text-green-800">
            {t('saved')}
          </p>
        )}
        <button type="submit" className={primaryButton} disabled={save.isPending || form.formState.isSubmitting}>
          {save.isPending ? t('admin:actions.saving') : t('admin:actions.save')}
        </button>
      </div>
    </form>
  );
}

function PictureField({
  form,
  name,
  label,
}: {
  form: UseFormReturn<CompanyFormValues>;
  name: `partners.${number}.logo` | 'personPicture';
  label: string;
}) {
  const fieldError = useFieldError();
  const value = useWatch({ control: form.control, name });
  return (
    <PictureChoice
      label={label}
      value={value}
      onChange={(next) => form.setValue(name, next, { shouldDirty: true })}
      error={fieldError(errorAt(form.formState.errors, name))}
    />
  );
}

/** The locale key of a field's label: `partners.1.url` → `partnerUrl`, `statistics.2.value` → `value`. */
function labelKey(name: string): string {
  const partner = /^partners\.\d+\.(\w)(\w*)$/.exec(name);
  if (partner) return `partner${partner[1]!.toUpperCase()}${partner[2]}`;
  return name.replace(/^statistics\.\d+\./, '');
}

/** The error of a field by its path (`partners.1.url`), as react-hook-form nests them. */
function errorAt(errors: object, path: string): { message?: string } | undefined {
  return path.split('.').reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], errors) as
    { message?: string } | undefined;
}
