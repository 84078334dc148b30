import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type AdjustableField,
  type InquirySubject,
  type InquiryType,
  type SiteLanguage,
  adjustableFields,
  inquiryTypeLimits,
} from '@blitz/contract';
import { dangerButton, primaryButton, secondaryButton } from '../../../components/admin/button-classes';
import { CommandError } from '../../../components/admin/command-error';
import { useConfirmDialog } from '../../../components/admin/confirm-dialog';
import { EditConflict, TypedValues, conflictChanges, noConflictChanges } from '../../../components/admin/edit-conflict';
import { TextAreaField, TextField } from '../../../components/admin/form-field';
import { ListStatus } from '../../../components/admin/list-status';
import { useItemParam } from '../../../components/admin/opened-item';
import { useUnsavedChanges } from '../../../components/admin/unsaved-changes';
import { useStaleSave } from '../../../components/admin/use-stale-save';
import { isApiError } from '../../../lib/api-client';
import {
  type InquiryTypeUpdate,
  type SiteWords,
  useCreateInquiryType,
  useInquiryTypes,
  useLoadInquiryTypes,
  useRemoveInquiryType,
  useSaveInquiryType,
  useSiteWords,
} from '../api/inquiry-types';
import { AddedFields, box, useAddedFieldName } from './added-fields';
import {
  type FieldProblem,
  type TypeFormErrors,
  type TypeFormKey,
  type TypeFormValues,
  blankType,
  checkTypeForm,
  flatTypeValues,
  serverFieldErrors,
  typeFormValues,
  offeredPages,
  typeUpdate,
  withAddedChange,
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

/** A form opened by "Add a type": `key` once the type is created (or being created), null until then. */
type AddedSlot = { id: string; key: string | null };
let slotCount = 0;

/** "Formulare": per inquiry type, the public form's fields and their words; types staff add (issue 44, admin only). */
export function InquiryTypesPanel() {
  const { t } = useTranslation('inquiryTypes');
  const headingId = useId();
  const list = useInquiryTypes();
  const words = useSiteWords();
  const lang = useLanguage();
  const [chosen, setChosen] = useState<string>('priceInquiry');
  const [slots, setSlots] = useState<AddedSlot[]>([]);
  const [removedName, setRemovedName] = useState<string | null>(null);
  const typesRef = useRef<HTMLDivElement>(null);
  // The audit trail's "Open" names the type (`&item=priceInquiry`).
  const item = useItemParam();
  const all = list.data?.types;
  useEffect(() => {
    const named = all?.find((type) => type.key === item?.value && !type.removed);
    if (named) setChosen(named.key);
    // Only when the address names one; a later read of the list does not choose again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [item, all === undefined]);
  const [dirty, setDirty] = useState<Partial<Record<string, boolean>>>({});
  // The type's own name where staff gave one, else the site's.
  const nameOf = (type: InquiryType) =>
    type.names[lang] ||
    words.data?.[lang].subjects[type.key as InquirySubject] ||
    type.names[lang === 'de' ? 'en' : 'de'] ||
    type.key;
  // Removed types leave the tab (their inquiries stay); those created here stay in their own form.
  const types = all?.filter((type) => !type.removed && !slots.some((slot) => slot.key === type.key));
  const forms = types && [
    ...types.map((type) => ({ id: type.key, type })),
    ...slots.map((slot) => ({ id: slot.id, type: all?.find((type) => type.key === slot.key && !type.removed) })),
  ];
  const ownTypes = (all ?? []).filter((type) => !type.builtIn && !type.removed).length;
  const drafting = slots.find((slot) => !all?.some((type) => type.key === slot.key));
  const full = ownTypes >= inquiryTypeLimits.addedTypes;
  const focusChosen = () =>
    requestAnimationFrame(() => typesRef.current?.querySelector<HTMLElement>('[aria-pressed=true]')?.focus());
  const addType = () => {
    setRemovedName(null);
    if (drafting) return setChosen(drafting.id);
    const id = `new-${++slotCount}`;
    setSlots((current) => [...current, { id, key: null }]);
    setChosen(id);
  };
  const dropSlot = (id: string) => {
    setSlots((current) => current.filter((slot) => slot.id !== id));
    setChosen('priceInquiry');
    focusChosen();
  };
  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId} className="mb-2 text-2xl font-bold text-brand-900">
        {t('heading')}
      </h2>
      <p className="max-w-3xl text-slate-700">{t('intro')}</p>
      <p className="mt-2 mb-6 max-w-3xl text-sm text-slate-700">{t('effect')}</p>
      {forms ? (
        <>
          {/* Every type's form stays mounted (hidden while another is chosen): switching keeps what was typed. */}
          <div className="mb-4 flex flex-wrap items-center gap-2">
            <div ref={typesRef} role="group" aria-label={t('typesLabel')} className="flex flex-wrap gap-2">
              {forms.map(({ id, type }) => (
                <button
                  key={id}
                  type="button"
                  aria-pressed={chosen === id}
                  onClick={() => {
                    setRemovedName(null);
                    setChosen(id);
                  }}
                  className={
                    'rounded-md border px-4 py-2 text-sm font-semibold ' +
                    (chosen === id
                      ? 'border-brand-700 bg-brand-700 text-white'
                      : 'border-slate-400 bg-white text-slate-800 hover:bg-slate-100')
                  }
                >
                  {type ? nameOf(type) : t('newType')}
                  {dirty[id] && (
                    <>
                      <span aria-hidden="true"> •</span>
                      <span className="sr-only"> ({t('unsaved')})</span>
                    </>
                  )}
                </button>
              ))}
            </div>
            <button
              type="button"
              className={secondaryButton}
              onClick={addType}
              disabled={full && !drafting}
              aria-describedby={full && !drafting ? `${headingId}-full` : undefined}
            >
              <span aria-hidden="true">+</span> {t('addType')}
            </button>
            {full && !drafting && (
              <p id={`${headingId}-full`} className="text-sm text-slate-700">
                {t('addTypeLimit', { max: inquiryTypeLimits.addedTypes })}
              </p>
            )}
          </div>
          {removedName && (
            <p role="status" className="mb-4 text-sm font-medium text-green-800">
              {t('removed', { name: removedName })}
            </p>
          )}
          {forms.map(({ id, type }) => (
            <TypeForm
              key={id}
              type={type ?? blankType()}
              name={type ? nameOf(type) : t('newType')}
              words={words.data}
              hidden={chosen !== id}
              takenKeys={(all ?? []).map((t) => t.key)}
              onCreating={(key) => setSlots((current) => current.map((slot) => (slot.id === id ? { ...slot, key } : slot)))}
              onDiscard={() => dropSlot(id)}
              onRemoved={(name) => {
                dropSlot(id);
                setRemovedName(name);
              }}
              onDirty={(isDirty) => setDirty((current) => (current[id] === isDirty ? current : { ...current, [id]: isDirty }))}
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
  takenKeys,
  onCreating,
  onDiscard,
  onRemoved,
  onDirty,
}: {
  type: InquiryType;
  name: string;
  words: Words;
  hidden: boolean;
  /** Every type's key, removed ones too: a new type's key is none of them. */
  takenKeys: readonly string[];
  /** A new type's key, made as it is sent. */
  onCreating: (key: string) => void;
  onDiscard: () => void;
  onRemoved: (name: string) => void;
  onDirty: (dirty: boolean) => void;
}) {
  const { t } = useTranslation(['inquiryTypes', 'admin']);
  const lang = useLanguage();
  const update = useSaveInquiryType();
  const create = useCreateInquiryType();
  const remove = useRemoveInquiryType();
  const confirm = useConfirmDialog();
  const loadTypes = useLoadInquiryTypes();
  const addedName = useAddedFieldName();
  // The type as the form was filled from: its revision goes with the save (a stale one is refused).
  const [base, setBase] = useState(type);
  const isNew = base.key === '';
  const save = isNew ? create : update;
  const [values, setValues] = useState<TypeFormValues>(() => typeFormValues(type));
  const [errors, setErrors] = useState<TypeFormErrors>({});
  const [saved, setSaved] = useState<'saved' | 'created' | null>(null);
  const typedRef = useRef<HTMLDivElement>(null);
  const dirty = JSON.stringify(values) !== JSON.stringify(typeFormValues(base));
  useUnsavedChanges(dirty);
  useEffect(() => onDirty(dirty), [dirty, onDirty]);

  const send = (sent: InquiryTypeUpdate, created = false) => {
    if (created) onCreating(sent.key);
    save.mutate(sent, {
      onSuccess: (list) => {
        const kept = list.types.find((t) => t.key === sent.key)!;
        setBase(kept);
        setValues(typeFormValues(kept));
        setTyped(noConflictChanges);
        setSaved(created ? 'created' : 'saved');
      },
      // A 400 names its fields: shown at them, as the check here would have.
      onError: (error) => {
        if (isApiError(error) && error.code === 'validation') setErrors(serverFieldErrors(error.fieldErrors, sent, values));
      },
    });
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSaved(null);
    const checked = checkTypeForm(base, values, takenKeys);
    if (!checked.ok) {
      setErrors(checked.errors);
      // The first marked setting, so that a keyboard or screen reader user lands on what to fix.
      requestAnimationFrame(() => (event.target as HTMLFormElement).querySelector<HTMLElement>('[aria-invalid=true]')?.focus());
      return;
    }
    setErrors({});
    send(checked.update, checked.created);
  };
  // "Save mine anyway": the same values over the type as it is saved now.
  const overwrite = async () => {
    const theirs = (await loadTypes()).types.find((t) => t.key === base.key)!;
    send(typeUpdate(base, values, theirs.revision));
  };
  const settingName = (key: TypeFormKey, versions: readonly TypeFormValues[]) => {
    const [first, setting, language, optionLanguage] = key.split('.') as [string, string?, string?, string?];
    const inLanguage = <De extends string, En extends string>(de: De, en: En): De | En =>
      language === 'en' || optionLanguage === 'en' ? en : de;
    if (first === 'names') return t(setting === 'de' ? 'nameDe' : 'nameEn');
    if (first === 'recipients' || first === 'retentionDays') return t(first);
    if (first === 'added') {
      if (!setting) return t('addedHeading');
      const field = versions.flatMap((v) => v.added).find((f) => f.id === setting);
      const fieldText = field ? addedName(field) : setting;
      const what = key.split('.')[2];
      if (!what) return fieldText;
      if (what === 'options' && language && optionLanguage) {
        const index = field?.options.findIndex((o) => o.id === language) ?? -1;
        const option = t(optionLanguage === 'en' ? 'optionEn' : 'optionDe', { n: index + 1 });
        return t('optionOfField', { field: fieldText, option });
      }
      const settingText =
        what === 'shown' || what === 'required'
          ? t(what)
          : what === 'multiple'
            ? t(field?.kind === 'date' ? 'multipleDates' : 'multipleChoice')
            : what === 'options'
              ? t('options')
              : what === 'labels'
                ? t(inLanguage('labelDe', 'labelEn'))
                : what === 'unit'
                  ? t(inLanguage('unitDe', 'unitEn'))
                  : t(inLanguage('helpDe', 'helpEn'));
      return t('settingOfField', { field: fieldText, setting: settingText });
    }
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
      const theirs = (await loadTypes()).types.find((t) => t.key === base.key)!;
      const theirValues = typeFormValues(theirs);
      const versions = {
        loaded: flatTypeValues(typeFormValues(base)),
        typed: flatTypeValues(values),
        theirs: flatTypeValues(theirValues),
      };
      // Every setting of the three versions: added fields differ between them.
      const keys = [...new Set(Object.values(versions).flatMap((flat) => Object.keys(flat)))] as TypeFormKey[];
      const typed = conflictChanges(keys, versions, (key) => settingName(key, [values, theirValues]), save.error);
      setBase(theirs);
      setValues(theirValues);
      setErrors({});
      return typed;
    },
  });
  const { typed, setTyped } = stale;
  useEffect(() => {
    if (typed.mine.length + typed.theirs.length > 0) typedRef.current?.scrollIntoView({ block: 'nearest' });
  }, [typed]);

  const problem = (key: TypeFormKey) => problemText(t, errors[key]);
  const change = (next: (current: TypeFormValues) => TypeFormValues) => {
    setSaved(null);
    setValues(next);
  };
  const setField = (field: AdjustableField, fieldChange: Partial<TypeFormValues['fields'][AdjustableField]>) =>
    change((current) => ({ ...current, fields: { ...current.fields, [field]: { ...current.fields[field], ...fieldChange } } }));
  const askRemove = () =>
    confirm.ask({
      title: t('removeTitle', { name }),
      message: t('removeMessage'),
      confirmLabel: t('removeConfirm'),
      onConfirm: () => remove.mutate(base.key, { onSuccess: () => onRemoved(name) }),
    });
  const askDiscard = () =>
    dirty
      ? confirm.ask({
          title: t('discardTitle'),
          message: t('discardMessage'),
          confirmLabel: t('discardType'),
          onConfirm: onDiscard,
        })
      : onDiscard();

  return (
    <form noValidate onSubmit={submit} hidden={hidden} aria-label={name} className="grid gap-6" data-type={base.key || 'new'}>
      <fieldset className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
        <legend className="px-1 text-lg font-bold text-brand-900">{t('names')}</legend>
        {base.builtIn && <p className="mb-3 text-sm text-slate-600">{t('siteWords')}</p>}
        <div className="grid gap-4 sm:grid-cols-2">
          {(['de', 'en'] as const).map((language) => (
            <TextField
              key={language}
              label={t(language === 'de' ? 'nameDe' : 'nameEn')}
              required={!base.builtIn}
              lang={language}
              maxLength={inquiryTypeLimits.name}
              placeholder={base.builtIn ? words?.[language].subjects[type.key] : undefined}
              error={problem(`names.${language}`)}
              value={values.names[language]}
              onChange={(e) => {
                const typedName = e.target.value;
                change((current) => ({ ...current, names: { ...current.names, [language]: typedName } }));
              }}
            />
          ))}
          {!base.builtIn &&
            (isNew ? (
              <p className="text-sm text-slate-600 sm:col-span-2">{t('keyLater')}</p>
            ) : (
              <TextField label={t('key')} hint={t('keyHint')} readOnly value={base.key} lang="en" className="font-mono" />
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
            onShown={(shown) => change((current) => withShown(current, field, shown))}
            onChange={(fieldChange) => setField(field, fieldChange)}
          />
        ))}
      </section>

      <AddedFields
        added={values.added}
        problem={problem}
        onChange={(added) => change((current) => ({ ...current, added }))}
        onFieldChange={(id, fieldChange) => change((current) => withAddedChange(current, id, fieldChange))}
      />

      {!base.builtIn && (
        <fieldset className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
          <legend className="px-1 text-lg font-bold text-brand-900">{t('delivery')}</legend>
          <div className="grid gap-4 sm:grid-cols-2">
            <TextAreaField
              label={t('recipients')}
              hint={t('recipientsHint', { max: inquiryTypeLimits.recipients })}
              rows={3}
              autoComplete="off"
              spellCheck={false}
              error={problem('recipients')}
              value={values.recipients}
              onChange={(e) => {
                const recipients = e.target.value;
                change((current) => ({ ...current, recipients }));
              }}
            />
            <div>
              <TextField
                label={t('retentionDays')}
                hint={t('retentionHint')}
                inputMode="numeric"
                autoComplete="off"
                error={problem('retentionDays')}
                value={values.retentionDays}
                onChange={(e) => {
                  const retentionDays = e.target.value;
                  change((current) => ({ ...current, retentionDays }));
                }}
              />
            </div>
          </div>
        </fieldset>
      )}

      {!base.builtIn && (
        <fieldset className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
          <legend className="px-1 text-lg font-bold text-brand-900">{t('offeredOn.heading')}</legend>
          <p className="mb-3 text-sm text-slate-700">{t('offeredOn.hint')}</p>
          <label className="mb-3 flex items-center gap-2 text-sm text-slate-800">
            <input
              type="checkbox"
              className={box}
              checked={values.subjectList}
              onChange={(e) => {
                const subjectList = e.currentTarget.checked;
                change((current) => ({ ...current, subjectList }));
              }}
            />
            {t('offeredOn.subjectList')}
          </label>
          <fieldset>
            <legend className="text-sm font-semibold text-slate-800">{t('offeredOn.pages')}</legend>
            <div className="mt-1 flex flex-wrap gap-x-5 gap-y-2">
              {offeredPages.map((page) => (
                <label key={page} className="flex items-center gap-2 text-sm text-slate-800">
                  <input
                    type="checkbox"
                    className={box}
                    checked={values.pages.includes(page)}
                    onChange={(e) => {
                      const on = e.currentTarget.checked;
                      change((current) => ({
                        ...current,
                        pages: on ? [...current.pages, page] : current.pages.filter((p) => p !== page),
                      }));
                    }}
                  />
                  {t(`offeredOn.pageNames.${page}`)}
                </label>
              ))}
            </div>
          </fieldset>
        </fieldset>
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
        ) : Object.keys(errors).length > 0 ? (
          // Named at their fields (a refusal's paths would mean nothing to the office).
          <p role="alert" className="mr-auto text-sm font-medium text-red-700">
            {t('fixErrors')}
          </p>
        ) : save.error || remove.error ? (
          <div className="mr-auto">
            <CommandError error={save.error ?? remove.error} />
          </div>
        ) : null}
        {saved && !save.isPending && (
          <p role="status" className="text-sm font-medium text-green-800">
            {t(saved)}
          </p>
        )}
        {isNew ? (
          <button type="button" className={secondaryButton} onClick={askDiscard}>
            {t('discardType')}
          </button>
        ) : (
          !base.builtIn && (
            <button type="button" className={dangerButton} disabled={remove.isPending} onClick={askRemove}>
              {t('removeType')}
            </button>
          )
        )}
        <button type="submit" className={primaryButton} disabled={save.isPending}>
          {save.isPending ? t('admin:actions.saving') : t('admin:actions.save')}
        </button>
      </div>
      {confirm.dialog}
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
  switch (problem.key) {
    case 'tooLong':
    case 'options':
    case 'tooManyRecipients':
    case 'tooManyFields':
      return t(`errors.${problem.key}`, { max: problem.max });
    case 'notEmail':
      return t('errors.notEmail', { value: problem.value });
    default:
      return t(`errors.${problem.key}`);
  }
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
