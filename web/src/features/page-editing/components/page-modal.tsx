import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { type Control, type FieldErrors, type UseFormRegister, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { type Category, ContentLanguage, type CustomPage, customPageLimits, customPagePlaces } from '@blitz/contract';
import { EditConflict, TypedValues, conflictChanges, noConflictChanges } from '../../../components/admin/edit-conflict';
import { formIssueKeys, useFieldError } from '../../../components/admin/form-errors';
import { SelectField, SwitchField, TextField } from '../../../components/admin/form-field';
import { ModalDialog } from '../../../components/admin/modal-dialog';
import { ModalForm } from '../../../components/admin/modal-form';
import { SearchEntryFields } from '../../../components/admin/search-entry-fields';
import { searchEntryLabels } from '../../../components/admin/search-entry-form';
import { SectionList } from '../../../components/admin/sections/section-list';
import { sectionsOf } from '../../../components/admin/sections/sections';
import { SectionsSummary, conflictFields, useSectionEditor } from '../../../components/admin/sections/use-section-editor';
import { useUnsavedChanges } from '../../../components/admin/unsaved-changes';
import { useStaleSave } from '../../../components/admin/use-stale-save';
import { isApiError } from '../../../lib/api-client';
import { customPageSearchResult } from '../../../lib/search-entry';
import { fetchPage, useSavePage } from '../api/pages';
import {
  type PageFormValues,
  addressFromTitle,
  pageCreatePayload,
  pageFormSchema,
  pageFormValues,
  pageUpdatePayload,
  pageWithAddress,
  withSlash,
} from './page-form';
import { PageStatePanel } from './page-state';

type PageModalProps = {
  open: boolean;
  /** The page to edit; none for Add. */
  page: CustomPage | undefined;
  /** The pages of the list: an address one of them has is said at the field before anything is sent. */
  pages: CustomPage[];
  categories: Category[];
  onClose: () => void;
};

/** Add page / Edit page (5/6 of the screen high, scrolling inside), as the projects' dialog. */
export function PageModal({ open, page, pages, categories, onClose }: PageModalProps) {
  const { t } = useTranslation('pageEditing');
  return (
    <ModalDialog open={open} onClose={onClose} size="tall" title={page ? t('modal.editTitle') : t('modal.addTitle')}>
      <PageForm page={page} pages={pages} categories={categories} onDone={onClose} />
    </ModalDialog>
  );
}

/** The fields compared after their version is loaded (decision 036), with their labels. */
const typedLabels = {
  titleDe: 'pageEditing:fields.titleDe',
  titleEn: 'pageEditing:fields.titleEn',
  address: 'pageEditing:fields.address',
  linkTitleDe: 'pageEditing:fields.linkTitleDe',
  linkTitleEn: 'pageEditing:fields.linkTitleEn',
  ...searchEntryLabels,
} as const satisfies Partial<Record<keyof PageFormValues, string>>;

function PageForm({
  page,
  pages,
  categories,
  onDone,
}: {
  page: CustomPage | undefined;
  pages: CustomPage[];
  categories: Category[];
  onDone: () => void;
}) {
  const { t, i18n } = useTranslation(['pageEditing', 'admin']);
  const fieldError = useFieldError();
  const save = useSavePage();
  const sections = useSectionEditor(page, categories);
  // The page as it is now: the state actions answer it anew.
  const [current, setCurrent] = useState(page);
  // The version the form was filled from; a save of an older one than the server's is refused.
  const [version, setVersion] = useState(page?.updatedAt);
  // What the form was filled from: what this person changed is told apart from the colleague's.
  const [loaded, setLoaded] = useState(() => pageFormValues(page));
  const {
    register,
    handleSubmit,
    getValues,
    getFieldState,
    setValue,
    setError,
    reset,
    control,
    formState: { errors, isDirty },
  } = useForm({ resolver: zodResolver(pageFormSchema(), formIssueKeys), defaultValues: pageFormValues(page) });
  useUnsavedChanges(isDirty || sections.changed);
  const lang = i18n.language === 'en' ? 'en' : 'de';

  const address = useWatch({ control, name: 'address' });
  const holder = pageWithAddress(pages, address, current?.id);
  const addressError = holder
    ? t('errors.addressHeld', { title: lang === 'en' ? holder.title.en : holder.title.de })
    : fieldError(errors.address);

  // "Publish" (the form's submit) or "Save as draft", as the projects' editor saves: a live
  // page's changes saved as a draft are its draft of changes, visitors keep the live page.
  const submitAs = (published: boolean, checkVersion = true) =>
    handleSubmit(
      (values) => {
        sections.trySave();
        if (sections.invalid.length > 0 || holder) return;
        save.mutate(
          current
            ? pageUpdatePayload(current.id, values, sections.sections, published, checkVersion ? version : undefined)
            : pageCreatePayload(values, sections.sections, published),
          {
            onSuccess: onDone,
            onError: (error) => {
              if (!isApiError(error)) return;
              const refused = error.fieldErrors.find((e) => e.field === 'address');
              if (refused)
                setError(
                  'address',
                  { message: error.code === 'conflict' ? 'pageEditing:errors.addressTaken' : 'pageEditing:errors.addressForm' },
                  { shouldFocus: true },
                );
              sections.refuse(error.fieldErrors);
            },
          },
        );
      },
      () => sections.markTried(),
    );
  const submit = submitAs(true);
  const overwrite = submitAs(true, false);

  const fieldLabel = (key: string) =>
    key in typedLabels ? t(typedLabels[key as keyof typeof typedLabels]) : sections.fieldLabel(key);
  const stale = useStaleSave({
    save,
    none: noConflictChanges,
    overwrite: () => void overwrite(),
    loadTheirs:
      current &&
      (async () => {
        const theirs = await fetchPage(current.id);
        const saved = pageFormValues(theirs);
        const theirSections = sectionsOf(theirs);
        const typedNow = sections.withTexts(getValues());
        const typed = conflictChanges(
          conflictFields(Object.keys(typedLabels), typedNow, theirSections),
          {
            loaded: sections.withTexts(loaded, sections.loaded),
            typed: typedNow,
            theirs: sections.withTexts(saved, theirSections),
          },
          fieldLabel,
          save.error,
        );
        setLoaded(saved);
        reset(saved, { keepDefaultValues: false });
        sections.load(theirs);
        setVersion(theirs.updatedAt);
        setCurrent(theirs);
        return typed;
      }),
  });
  const addressRefused = isApiError(save.error) && save.error.fieldErrors.some((e) => e.field === 'address');

  return (
    <ModalForm
      onSubmit={(event) => void submit(event)}
      onCancel={onDone}
      saving={save.isPending}
      error={stale.conflict || addressRefused || sections.refused ? undefined : save.error}
      submitLabel={{ idle: t('modal.publish'), busy: t('admin:actions.saving') }}
      secondaryAction={{ label: t('modal.saveDraft'), onClick: () => void submitAs(false)() }}
    >
      {stale.conflict && <EditConflict {...stale.conflictProps} />}
      <TypedValues changes={stale.typed} />
      <SectionsSummary editor={sections} />
      {current && (
        <PageStatePanel
          page={current}
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
          label={t('fields.titleDe')}
          lang="de"
          required
          maxLength={120}
          error={fieldError(errors.titleDe)}
          {...register('titleDe', {
            // A new page's address follows its German title until staff write one.
            onChange: (event: { target: { value: string } }) => {
              if (!current && !getFieldState('address').isDirty) setValue('address', addressFromTitle(event.target.value));
            },
          })}
        />
        <TextField
          label={t('fields.titleEn')}
          lang="en"
          required
          maxLength={120}
          error={fieldError(errors.titleEn)}
          {...register('titleEn')}
        />
        <div className="sm:col-span-2">
          <TextField
            label={t('fields.address')}
            required
            spellCheck={false}
            autoCapitalize="off"
            maxLength={customPageLimits.address}
            hint={t('fields.addressHint', { max: customPageLimits.address })}
            error={addressError}
            {...register('address', {
              onBlur: (event: { target: { value: string } }) => {
                const slashed = withSlash(event.target.value);
                if (slashed !== event.target.value)
                  setValue('address', slashed, { shouldDirty: true, shouldValidate: sections.tried });
              },
            })}
          />
        </div>
        <SelectField label={t('fields.place')} hint={t('fields.placeHint')} {...register('place')}>
          {customPagePlaces.map((place) => (
            <option key={place} value={place}>
              {t(`places.${place}`)}
            </option>
          ))}
        </SelectField>
        <TextField
          label={t('fields.placeOrder')}
          hint={t('fields.placeOrderHint')}
          type="number"
          inputMode="numeric"
          min={0}
          max={999}
          error={fieldError(errors.placeOrder)}
          {...register('placeOrder', { valueAsNumber: true })}
        />
        <TextField
          label={t('fields.linkTitleDe')}
          lang="de"
          maxLength={40}
          hint={t('fields.linkTitleHint')}
          error={fieldError(errors.linkTitleDe)}
          {...register('linkTitleDe')}
        />
        <TextField
          label={t('fields.linkTitleEn')}
          lang="en"
          maxLength={40}
          hint={t('fields.linkTitleHint')}
          error={fieldError(errors.linkTitleEn)}
          {...register('linkTitleEn')}
        />
      </div>
      <SectionList
        sections={sections.sections}
        onChange={sections.change}
        problems={sections.problems}
        choices={sections.choices}
        texts={{ intro: t('sections.intro'), full: t('sections.full', { max: customPageLimits.sections }) }}
      />
      <PageSearchEntry control={control} register={register} errors={errors} sections={sections.preview()} />
      <SwitchField label={t('fields.noindex')} hint={t('fields.noindexHint')} {...register('noindex')} />
    </ModalForm>
  );
}

/** The section "Suchmaschinen": the entry's fields, hints and the result's preview, made as the page's head makes it. */
function PageSearchEntry({
  control,
  register,
  errors,
  sections,
}: {
  control: Control<PageFormValues>;
  register: UseFormRegister<PageFormValues>;
  errors: FieldErrors<PageFormValues>;
  sections: CustomPage['sections'];
}) {
  // Watched here, not in the form: a keystroke renders this section again, not the whole form.
  const values = { ...pageFormValues(), ...useWatch({ control }) };
  const preview = {
    title: { de: values.titleDe, en: values.titleEn },
    sections,
    searchTitle: [
      { content: values.searchTitleDe, language: ContentLanguage.German },
      { content: values.searchTitleEn, language: ContentLanguage.English },
    ],
    searchDescription: [
      { content: values.searchDescriptionDe, language: ContentLanguage.German },
      { content: values.searchDescriptionEn, language: ContentLanguage.English },
    ],
  };
  return (
    <SearchEntryFields
      register={(name) => register(name)}
      values={values}
      errors={errors}
      result={(language, t) => customPageSearchResult(preview, language, t)}
      path={values.address || '/…'}
    />
  );
}
