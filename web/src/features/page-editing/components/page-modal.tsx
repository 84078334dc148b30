import { type Control, type FieldErrors, type UseFormRegister, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { type Category, ContentLanguage, type CustomPage, customPageLimits, customPagePlaces } from '@blitz/contract';
import { useFieldError } from '../../../components/admin/form-errors';
import { SelectField, SwitchField, TextField } from '../../../components/admin/form-field';
import { ModalDialog } from '../../../components/admin/modal-dialog';
import { ModalForm } from '../../../components/admin/modal-form';
import { SearchEntryFields } from '../../../components/admin/search-entry-fields';
import { searchEntryLabels } from '../../../components/admin/search-entry-form';
import { SectionList } from '../../../components/admin/sections/section-list';
import { useDocumentForm } from '../../../components/admin/sections/use-document-form';
import { customPageSearchResult } from '../../../lib/search-entry';
import { fetchPage, useSavePage } from '../api/pages';
import {
  type PageFormValues,
  addressFromTitle,
  pageCreatePayload,
  pageFormSchema,
  pageFormValues,
  pageUpdatePayload,
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
  const lang = i18n.language === 'en' ? 'en' : 'de';
  const dialog = useDocumentForm({
    document: page,
    documents: pages,
    categories,
    schema: pageFormSchema(),
    formValues: pageFormValues,
    compared: Object.keys(typedLabels),
    fieldLabel: (key) => t(typedLabels[key as keyof typeof typedLabels]),
    save: useSavePage(),
    fetchOne: fetchPage,
    payload: (values, sections, published, current, version) =>
      current
        ? pageUpdatePayload(current.id, values, sections, published, version)
        : pageCreatePayload(values, sections, published),
    addressMessages: {
      held: (holder) => t('errors.addressHeld', { title: lang === 'en' ? holder.title.en : holder.title.de }),
      taken: 'pageEditing:errors.addressTaken',
      invalid: 'pageEditing:errors.addressForm',
    },
    onDone,
  });
  const { form, sections, current } = dialog;
  const {
    register,
    setValue,
    control,
    formState: { errors },
  } = form;

  return (
    <ModalForm
      {...dialog.modalProps}
      submitLabel={{ idle: t('modal.publish'), busy: t('admin:actions.saving') }}
      secondaryAction={{ label: t('modal.saveDraft'), onClick: dialog.modalProps.saveDraft }}
    >
      {dialog.notices}
      {current && <PageStatePanel page={current} onChanged={dialog.stateChanged} />}
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          data-autofocus
          label={t('fields.titleDe')}
          lang="de"
          required
          maxLength={120}
          error={fieldError(errors.titleDe)}
          {...register('titleDe', {
            onChange: (event: { target: { value: string } }) => dialog.followTitle(event.target.value, addressFromTitle),
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
            error={dialog.addressError}
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
