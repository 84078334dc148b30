import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type AdjustableField,
  type InquirySubject,
  type InquiryType,
  type SiteLanguage,
  adjustableFields,
  inquirySubjects,
  inquiryTypeLimits,
} from '@blitz/contract';
import { primaryButton } from '../../../components/admin/button-classes';
import { CommandError } from '../../../components/admin/command-error';
import { EditConflict, TypedValues, conflictChanges, noConflictChanges } from '../../../components/admin/edit-conflict';
import { TextField } from '../../../components/admin/form-field';
import { ListStatus } from '../../../components/admin/list-status';
import { useItemParam } from '../../../components/admin/opened-item';
import { useUnsavedChanges } from '../../../components/admin/unsaved-changes';
import { useStaleSave } from '../../../components/admin/use-stale-save';
import { isApiError } from '../../../lib/api-client';
import { type SiteWords, useInquiryTypes, useLoadInquiryTypes, useSaveInquiryType, useSiteWords } from '../api/inquiry-types';
import {
  type FieldProblem,
  type TypeFormErrors,
  type TypeFormKey,
  type TypeFormValues,
  checkTypeForm,
  flatTypeValues,
  serverFieldErrors,
  typeFormValues,
  typeUpdate,
  withShown,
} from './type-form';

type Words = Record<SiteLanguage, SiteWords> | undefined;

/** What every inquiry asks for whatever staff set (SPEC.md): shown so that staff see the whole form. */
const fixedFields = ['firstName', 'lastName', 'email', 'message'] as const;
/** The site's own help texts of the adjustable fields (contact.json); the others have none. */
const siteHelp: Partial<Record<AdjustableField, 'buildingSizeHint' | 'regardsHint'>> = {
  BuildingSize: 'buildingSizeHint',
  Regards: 'regardsHint',
};

/** The dashboard's language as one of the site's. */
function useLanguage(): SiteLanguage {
  const { i18n } = useTranslation();
  return i18n.language === 'en' ? 'en' : 'de';
}

/** "Formulare": per inquiry type, the public form's optional fields and their words (issue 44, admin only). */
export function InquiryTypesPanel() {
  const { t } = useTranslation('inquiryTypes');
  const headingId = useId();
  const list = useInquiryTypes();
  const words = useSiteWords();
  const lang = useLanguage();
  const [chosen, setChosen] = useState<string>('priceInquiry');
  // The audit trail's "Open" names the type (`&item=priceInquiry`).
  const item = useItemParam();
  useEffect(() => {
    const named = inquirySubjects.find((subject) => subject === item?.value);
    if (named) setChosen(named);
  }, [item]);
  const [dirty, setDirty] = useState<Partial<Record<string, boolean>>>({});
  // The type's own name where staff gave one, else the site's.
  const nameOf = (type: InquiryType) => type.names[lang] || words.data?.[lang].subjects[type.key as InquirySubject] || type.key;
  // SPEC.md's three; the types staff compose through the API get their own editor with the form's next step (issue 44).
  const types = list.data?.types.filter((type) => type.builtIn);
  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId} className="mb-2 text-2xl font-bold text-brand-900">
        {t('heading')}
      </h2>
      <p className="max-w-3xl text-slate-700">{t('intro')}</p>
      <p className="mt-2 mb-6 max-w-3xl text-sm text-slate-700">{t('effect')}</p>
      {types ? (
        <>
          {/* Every type's form stays mounted (hidden while another is chosen): switching keeps what was typed. */}
          <div role="group" aria-label={t('typesLabel')} className="mb-4 flex flex-wrap gap-2">
            {types.map((type) => (
              <button
                key={type.key}
                type="button"
                aria-pressed={chosen === type.key}
                onClick={() => setChosen(type.key)}
                className={
                  'rounded-md border px-4 py-2 text-sm font-semibold ' +
                  (chosen === type.key
                    ? 'border-brand-700 bg-brand-700 text-white'
                    : 'border-slate-400 bg-white text-slate-800 hover:bg-slate-100')
                }
              >
                {nameOf(type)}
                {dirty[type.key] && (
                  <>
                    <span aria-hidden="true"> •</span>
                    <span className="sr-only"> ({t('unsaved')})</span>
                  </>
                )}
              </button>
            ))}
          </div>
          {types.map((type) => (
            <TypeForm
              key={type.key}
              type={type}
              name={nameOf(type)}
              words={words.data}
              hidden={chosen !== type.key}
              onDirty={(isDirty) =>
                setDirty((current) => (current[type.key] === isDirty ? current : { ...current, [type.key]: isDirty }))
              }
            />
          ))}
        </>
      ) : (
        <ListStatus query={list} />
      )}
    </section>
  );
}

function TypeForm({
  type,
  name,
  words,
  hidden,
  onDirty,
}: {
  type: InquiryType;
  name: string;
  words: Words;
  hidden: boolean;
  onDirty: (dirty: boolean) => void;
}) {
  const { t } = useTranslation(['inquiryTypes', 'admin']);
  const lang = useLanguage();
  const save = useSaveInquiryType();
  const loadTypes = useLoadInquiryTypes();
  // The type as the form was filled from: its revision goes with the save (a stale one is refused).
  const [base, setBase] = useState(type);
  const [values, setValues] = useState<TypeFormValues>(() => typeFormValues(type));
  const [errors, setErrors] = useState<TypeFormErrors>({});
  const [saved, setSaved] = useState(false);
  const typedRef = useRef<HTMLDivElement>(null);
  const dirty = JSON.stringify(values) !== JSON.stringify(typeFormValues(base));
  useUnsavedChanges(dirty);
  useEffect(() => onDirty(dirty), [dirty, onDirty]);

  const send = (update: ReturnType<typeof typeUpdate>) =>
    save.mutate(update, {
      onSuccess: (list) => {
        const kept = list.types.find((t) => t.key === type.key)!;
        setBase(kept);
        setValues(typeFormValues(kept));
        setTyped(noConflictChanges);
        setSaved(true);
      },
      // A 400 names its fields: shown at them, as the check here would have.
      onError: (error) => {
        if (isApiError(error) && error.code === 'validation') setErrors(serverFieldErrors(error.fieldErrors, update));
      },
    });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSaved(false);
    const checked = checkTypeForm(base, values);
    if (!checked.ok) return setErrors(checked.errors);
    setErrors({});
    send(checked.update);
  };
  // "Save mine anyway": the same values over the type as it is saved now.
  const overwrite = async () => {
    const theirs = (await loadTypes()).types.find((t) => t.key === type.key)!;
    send(typeUpdate(base, values, theirs.revision));
  };
  const settingName = (key: TypeFormKey) => {
    const [first, setting, language] = key.split('.') as [string, string, SiteLanguage | undefined];
    if (first === 'names') return t(setting === 'de' ? 'nameDe' : 'nameEn');
    const field = fieldName(words, lang, first as AdjustableField);
    const settingText =
      setting === 'shown' || setting === 'required'
        ? t(setting)
        : t(`${setting === 'labels' ? 'label' : 'help'}${language === 'en' ? 'En' : 'De'}`);
    return t('settingOfField', { field, setting: settingText });
  };
  const stale = useStaleSave({
    save,
    none: noConflictChanges,
    // A failed read of the saved version leaves the notice as it was, to try again.
    overwrite: () => void overwrite().catch(() => {}),
    loadTheirs: async () => {
      const theirs = (await loadTypes()).types.find((t) => t.key === type.key)!;
      const keys = Object.keys(flatTypeValues(values)) as TypeFormKey[];
      const typed = conflictChanges(
        keys,
        {
          loaded: flatTypeValues(typeFormValues(base)),
          typed: flatTypeValues(values),
          theirs: flatTypeValues(typeFormValues(theirs)),
        },
        settingName,
        save.error,
      );
      setBase(theirs);
      setValues(typeFormValues(theirs));
      setErrors({});
      return typed;
    },
  });
  const { typed, setTyped } = stale;
  useEffect(() => {
    if (typed.mine.length + typed.theirs.length > 0) typedRef.current?.scrollIntoView({ block: 'nearest' });
  }, [typed]);

  const problem = (key: TypeFormKey) => problemText(t, errors[key]);
  const setField = (field: AdjustableField, change: Partial<TypeFormValues['fields'][AdjustableField]>) => {
    setSaved(false);
    setValues((current) => ({ ...current, fields: { ...current.fields, [field]: { ...current.fields[field], ...change } } }));
  };

  return (
    <form noValidate onSubmit={submit} hidden={hidden} aria-label={name} className="grid gap-6" data-type={type.key}>
      <fieldset className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
        <legend className="px-1 text-lg font-bold text-brand-900">{t('names')}</legend>
        <p className="mb-3 text-sm text-slate-600">{t('siteWords')}</p>
        <div className="grid gap-4 sm:grid-cols-2">
          {(['de', 'en'] as const).map((language) => (
            <TextField
              key={language}
              label={t(language === 'de' ? 'nameDe' : 'nameEn')}
              lang={language}
              maxLength={inquiryTypeLimits.name}
              placeholder={words?.[language].subjects[type.key]}
              error={problem(`names.${language}`)}
              value={values.names[language]}
              onChange={(e) => {
                setSaved(false);
                setValues({ ...values, names: { ...values.names, [language]: e.target.value } });
              }}
            />
          ))}
        </div>
      </fieldset>

      <section className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
        <h3 className="text-lg font-bold text-brand-900">{t('fixedHeading')}</h3>
        <p className="mb-3 text-sm text-slate-600">{t('fixedHint')}</p>
        <ul className="grid gap-2 sm:grid-cols-2">
          {fixedFields.map((field) => (
            <li key={field} className="flex flex-wrap items-baseline justify-between gap-x-3 rounded-md bg-slate-50 px-3 py-2">
              <span>
                <span className="font-semibold text-slate-900">{words?.[lang].fields[field] ?? field}</span>
                {words && (
                  <span className="ml-2 text-sm text-slate-600" lang={lang === 'de' ? 'en' : 'de'}>
                    {words[lang === 'de' ? 'en' : 'de'].fields[field]}
                  </span>
                )}
              </span>
              <span className="text-sm text-slate-700">{t('alwaysRequired')}</span>
            </li>
          ))}
        </ul>
      </section>

      <section className="grid gap-4">
        <h3 className="text-lg font-bold text-brand-900">{t('fieldsHeading')}</h3>
        {adjustableFields.map((field) => (
          <FieldSettings
            key={field}
            field={field}
            words={words}
            value={values.fields[field]}
            problem={problem}
            onShown={(shown) => {
              setSaved(false);
              setValues((current) => withShown(current, field, shown));
            }}
            onChange={(change) => setField(field, change)}
          />
        ))}
      </section>

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
        ) : Object.keys(errors).length > 0 ? (
          // Named at their fields (a refusal's paths would mean nothing to the office).
          <p role="alert" className="mr-auto text-sm font-medium text-red-700">
            {t('fixErrors')}
          </p>
        ) : save.error ? (
          <div className="mr-auto">
            <CommandError error={save.error} />
          </div>
        ) : null}
        {saved && !save.isPending && (
          <p role="status" className="text-sm font-medium text-green-800">
            {t('saved')}
          </p>
        )}
        <button type="submit" className={primaryButton} disabled={save.isPending}>
          {save.isPending ? t('admin:actions.saving') : t('admin:actions.save')}
        </button>
      </div>
    </form>
  );
}

/** The name the public form gives a field where staff gave none (the site's text), else its key. */
function fieldName(words: Words, lang: SiteLanguage, field: AdjustableField): string {
  return words?.[lang].fields[field] || field;
}

function problemText(
  t: ReturnType<typeof useTranslation<'inquiryTypes'>>['t'],
  problem: FieldProblem | undefined,
): string | undefined {
  if (!problem) return undefined;
  if ('text' in problem) return problem.text;
  return problem.key === 'tooLong' ? t('errors.tooLong', { max: problem.max }) : t(`errors.${problem.key}`);
}

/** One adjustable field: shown, required, and its label and help text in German and English side by side. */
function FieldSettings({
  field,
  words,
  value,
  problem,
  onShown,
  onChange,
}: {
  field: AdjustableField;
  words: Words;
  value: TypeFormValues['fields'][AdjustableField];
  problem: (key: TypeFormKey) => string | undefined;
  onShown: (shown: boolean) => void;
  onChange: (change: Partial<TypeFormValues['fields'][AdjustableField]>) => void;
}) {
  const { t } = useTranslation('inquiryTypes');
  const lang = useLanguage();
  const hintId = useId();
  const help = siteHelp[field];
  const box = 'h-5 w-5 rounded border-slate-400 text-brand-700 focus-visible:ring-2 focus-visible:ring-brand-500';
  return (
    <fieldset className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:p-5" data-field={field}>
      <legend className="px-1 font-bold text-brand-900">{fieldName(words, lang, field)}</legend>
      <div className="mb-3 flex flex-wrap items-center gap-x-6 gap-y-2">
        <label className="inline-flex items-center gap-2 text-slate-800">
          <input type="checkbox" className={box} checked={value.shown} onChange={(e) => onShown(e.target.checked)} />
          {t('shown')}
        </label>
        <label className={`inline-flex items-center gap-2 ${value.shown ? 'text-slate-800' : 'text-slate-600'}`}>
          <input
            type="checkbox"
            className={box}
            checked={value.shown && value.required}
            disabled={!value.shown}
            aria-describedby={value.shown ? undefined : hintId}
            onChange={(e) => onChange({ required: e.target.checked })}
          />
          {t('required')}
        </label>
        {!value.shown && (
          <p id={hintId} className="text-sm text-slate-600">
            {t('requiredNeedsShown')}
          </p>
        )}
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        {(['de', 'en'] as const).map((language) => (
          <TextField
            key={`label-${language}`}
            label={t(language === 'de' ? 'labelDe' : 'labelEn')}
            lang={language}
            maxLength={inquiryTypeLimits.label}
            placeholder={words?.[language].fields[field]}
            error={problem(`${field}.labels.${language}`)}
            value={value.labels[language]}
            onChange={(e) => onChange({ labels: { ...value.labels, [language]: e.target.value } })}
          />
        ))}
        {(['de', 'en'] as const).map((language) => (
          <TextField
            key={`help-${language}`}
            label={t(language === 'de' ? 'helpDe' : 'helpEn')}
            lang={language}
            maxLength={inquiryTypeLimits.help}
            placeholder={help ? words?.[language][help] : undefined}
            error={problem(`${field}.help.${language}`)}
            value={value.help[language]}
            onChange={(e) => onChange({ help: { ...value.help, [language]: e.target.value } })}
          />
        ))}
      </div>
    </fieldset>
  );
}
