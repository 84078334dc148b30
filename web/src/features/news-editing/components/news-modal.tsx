import { useId } from 'react';
import { type Control, type FieldErrors, type UseFormRegister, type UseFormSetValue, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  type Category,
  ContentLanguage,
  berlinTimeToIso,
  type LibraryFile,
  type NewsPost,
  customPageLimits,
  newsLimits,
  newsPostPath,
} from '@blitz/contract';
import { useFieldError } from '../../../components/admin/form-errors';
import { SwitchField, TextAreaField, TextField } from '../../../components/admin/form-field';
import { ModalDialog } from '../../../components/admin/modal-dialog';
import { ModalForm } from '../../../components/admin/modal-form';
import { SearchEntryFields } from '../../../components/admin/search-entry-fields';
import { searchEntryLabels } from '../../../components/admin/search-entry-form';
import { PictureChoice } from '../../../components/admin/sections/file-choices';
import { SectionList } from '../../../components/admin/sections/section-list';
import { useDocumentForm } from '../../../components/admin/sections/use-document-form';
import { newsSearchResult } from '../../../lib/news';
import { useDateTime } from '../../../lib/use-date-time';
import { useNow } from '../../../lib/use-now';
import { fetchPost, useSavePost } from '../api/news';
import {
  type NewsFormValues,
  addressFromTitle,
  keptPublishAt,
  newsCreatePayload,
  newsFormSchema,
  newsFormValues,
  newsUpdatePayload,
  schedules,
} from './news-form';
import { PostStatePanel } from './news-state';

type NewsModalProps = {
  open: boolean;
  /** The post to edit; none for Add. */
  post: NewsPost | undefined;
  /** The posts of the list: an address one of them has is said at the field before anything is sent. */
  posts: NewsPost[];
  categories: Category[];
  onClose: () => void;
};

/** Add post / Edit post (5/6 of the screen high, scrolling inside), as the pages' dialog. */
export function NewsModal({ open, post, posts, categories, onClose }: NewsModalProps) {
  const { t } = useTranslation('newsEditing');
  return (
    <ModalDialog open={open} onClose={onClose} size="tall" title={post ? t('modal.editTitle') : t('modal.addTitle')}>
      <NewsForm post={post} posts={posts} categories={categories} onDone={onClose} />
    </ModalDialog>
  );
}

/** The fields compared after their version is loaded (decision 036), with their labels. */
const typedLabels = {
  titleDe: 'newsEditing:fields.titleDe',
  titleEn: 'newsEditing:fields.titleEn',
  address: 'newsEditing:fields.address',
  date: 'newsEditing:fields.date',
  publishTime: 'newsEditing:fields.publishTime',
  teaserDe: 'newsEditing:fields.teaserDe',
  teaserEn: 'newsEditing:fields.teaserEn',
  coverAltDe: 'newsEditing:fields.coverAltDe',
  coverAltEn: 'newsEditing:fields.coverAltEn',
  ...searchEntryLabels,
} as const satisfies Partial<Record<keyof NewsFormValues, string>>;

function NewsForm({
  post,
  posts,
  categories,
  onDone,
}: {
  post: NewsPost | undefined;
  posts: NewsPost[];
  categories: Category[];
  onDone: () => void;
}) {
  const { t, i18n } = useTranslation(['newsEditing', 'admin']);
  const fieldError = useFieldError();
  const lang = i18n.language === 'en' ? 'en' : 'de';
  const dialog = useDocumentForm({
    document: post,
    documents: posts,
    categories,
    schema: newsFormSchema(),
    formValues: (document?: NewsPost) => newsFormValues(document),
    compared: Object.keys(typedLabels),
    fieldLabel: (key) => t(typedLabels[key as keyof typeof typedLabels]),
    save: useSavePost(),
    fetchOne: fetchPost,
    payload: (values, sections, published, current, version) =>
      current ? newsUpdatePayload(current, values, sections, published, version) : newsCreatePayload(values, sections, published),
    addressMessages: {
      held: (holder) => t('errors.addressHeld', { title: lang === 'en' ? holder.title.en : holder.title.de }),
      taken: 'newsEditing:errors.addressTaken',
      invalid: 'newsEditing:errors.addressForm',
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
  const [address, publishMode, publishTime] = useWatch({ control, name: ['address', 'publishMode', 'publishTime'] });

  return (
    <ModalForm
      {...dialog.modalProps}
      // "Publish", or "Schedule" for a time still to come; "Save as draft" as pages have it.
      submitLabel={{
        idle: schedules({ publishMode, publishTime }) ? t('modal.schedule') : t('modal.publish'),
        busy: t('admin:actions.saving'),
      }}
      secondaryAction={{ label: t('modal.saveDraft'), onClick: dialog.modalProps.saveDraft }}
    >
      {dialog.notices}
      {current && <PostStatePanel post={current} onChanged={dialog.stateChanged} />}
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          data-autofocus
          label={t('fields.titleDe')}
          lang="de"
          required
          maxLength={newsLimits.title}
          error={fieldError(errors.titleDe)}
          {...register('titleDe', {
            onChange: (event: { target: { value: string } }) => dialog.followTitle(event.target.value, addressFromTitle),
          })}
        />
        <TextField
          label={t('fields.titleEn')}
          lang="en"
          required
          maxLength={newsLimits.title}
          error={fieldError(errors.titleEn)}
          {...register('titleEn')}
        />
        <div className="sm:col-span-2">
          <TextField
            label={t('fields.address')}
            required
            spellCheck={false}
            autoCapitalize="off"
            maxLength={newsLimits.address}
            hint={t('fields.addressHint', {
              max: newsLimits.address,
              path: newsPostPath(address || '…', 'de'),
              english: newsPostPath(address || '…', 'en'),
            })}
            error={dialog.addressError}
            {...register('address')}
          />
        </div>
      </div>
      <Publishing post={current} control={control} register={register} errors={errors} />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextAreaField
          label={t('fields.teaserDe')}
          lang="de"
          rows={3}
          maxLength={newsLimits.teaser}
          hint={t('fields.teaserHint')}
          error={fieldError(errors.teaserDe)}
          {...register('teaserDe')}
        />
        <TextAreaField
          label={t('fields.teaserEn')}
          lang="en"
          rows={3}
          maxLength={newsLimits.teaser}
          hint={t('fields.teaserHint')}
          error={fieldError(errors.teaserEn)}
          {...register('teaserEn')}
        />
      </div>
      <Cover files={sections.choices.files} control={control} register={register} setValue={setValue} errors={errors} />
      <SectionList
        sections={sections.sections}
        onChange={sections.change}
        problems={sections.problems}
        choices={sections.choices}
        texts={{ intro: t('sections.intro'), full: t('sections.full', { max: customPageLimits.sections }) }}
      />
      <PostSearchEntry control={control} register={register} errors={errors} sections={sections.preview()} />
      <SwitchField label={t('fields.noindex')} hint={t('fields.noindexHint')} {...register('noindex')} />
    </ModalForm>
  );
}

type FormParts = {
  control: Control<NewsFormValues>;
  register: UseFormRegister<NewsFormValues>;
  errors: FieldErrors<NewsFormValues>;
};

/**
 * When the post goes live: at once (when it is published), or at a time in Berlin, which
 * schedules it; and the date it shows (empty: the day it goes live).
 */
function Publishing({ post, control, register, errors }: FormParts & { post: NewsPost | undefined }) {
  const { t } = useTranslation('newsEditing');
  const fieldError = useFieldError();
  const formatTime = useDateTime();
  const id = useId();
  const [mode, time] = useWatch({ control, name: ['publishMode', 'publishTime'] });
  const now = useNow();
  const kept = keptPublishAt(post, now);
  const moment = mode === 'at' ? berlinTimeToIso(time) : undefined;
  const passed = moment !== undefined && Date.parse(moment) <= now.getTime();
  const radio = 'mt-0.5 size-5 shrink-0 accent-brand-700';
  return (
    <fieldset className="rounded-md border border-slate-300 p-3 sm:p-4">
      <legend className="px-1 text-base font-semibold text-slate-900">{t('publishing.legend')}</legend>
      <div className="grid gap-4 sm:grid-cols-2">
        <div className="space-y-3" role="radiogroup" aria-labelledby={`${id}-when`}>
          <p id={`${id}-when`} className="text-sm font-semibold text-slate-800">
            {t('publishing.when')}
          </p>
          <label className="flex items-start gap-3 text-sm text-slate-800">
            <input type="radio" value="now" className={radio} {...register('publishMode')} />
            <span>
              <span className="block font-semibold">{t('publishing.now')}</span>
              <span className="block text-slate-600">
                {kept ? t('publishing.nowKept', { time: formatTime(kept) }) : t('publishing.nowHint')}
              </span>
            </span>
          </label>
          <label className="flex items-start gap-3 text-sm text-slate-800">
            <input type="radio" value="at" className={radio} {...register('publishMode')} />
            <span>
              <span className="block font-semibold">{t('publishing.at')}</span>
              <span className="block text-slate-600">{t('publishing.atHint')}</span>
            </span>
          </label>
          {mode === 'at' && (
            <TextField
              type="datetime-local"
              label={t('fields.publishTime')}
              required
              hint={passed ? t('publishing.passed') : t('fields.publishTimeHint')}
              hintTone={passed ? 'warning' : 'plain'}
              error={fieldError(errors.publishTime)}
              {...register('publishTime')}
            />
          )}
        </div>
        <TextField
          type="date"
          label={t('fields.date')}
          hint={t('fields.dateHint')}
          error={fieldError(errors.date)}
          {...register('date')}
        />
      </div>
    </fieldset>
  );
}

/** The cover: a picture of the library or none, its alternative texts for this post, its focal point. */
function Cover({
  files,
  control,
  register,
  setValue,
  errors,
}: FormParts & { files: LibraryFile[] | undefined; setValue: UseFormSetValue<NewsFormValues> }) {
  const { t } = useTranslation(['newsEditing', 'sectionEditing']);
  const fieldError = useFieldError();
  const [fileId, focus] = useWatch({ control, name: ['coverFileId', 'coverFocus'] });
  const dirty = { shouldDirty: true } as const;
  return (
    <fieldset className="space-y-3 rounded-md border border-slate-300 p-3 sm:p-4">
      <legend className="px-1 text-base font-semibold text-slate-900">{t('cover.legend')}</legend>
      <p className="text-sm text-slate-600">{t('cover.intro')}</p>
      <PictureChoice
        files={files}
        value={fileId}
        legend={t('cover.picture')}
        onChange={(chosen) => {
          setValue('coverFileId', chosen, dirty);
          setValue('coverFocus', null, dirty);
        }}
        onClear={() => {
          setValue('coverFileId', null, dirty);
          setValue('coverFocus', null, dirty);
        }}
        focus={focus ?? undefined}
        onFocusChange={(point) => setValue('coverFocus', point ?? null, dirty)}
        error={undefined}
      />
      {fileId !== null && (
        <>
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField
              label={t('fields.coverAltDe')}
              lang="de"
              maxLength={customPageLimits.words}
              error={fieldError(errors.coverAltDe)}
              {...register('coverAltDe')}
            />
            <TextField
              label={t('fields.coverAltEn')}
              lang="en"
              maxLength={customPageLimits.words}
              error={fieldError(errors.coverAltEn)}
              {...register('coverAltEn')}
            />
          </div>
          <p className="-mt-1 text-sm text-slate-600">{t('sectionEditing:fields.altHint')}</p>
        </>
      )}
    </fieldset>
  );
}

/** The section "Suchmaschinen": the entry's fields, hints and the result's preview, made as the post's head makes it. */
function PostSearchEntry({ control, register, errors, sections }: FormParts & { sections: NewsPost['sections'] }) {
  // Watched here, not in the form: a keystroke renders this section again, not the whole form.
  const values = { ...newsFormValues(), ...useWatch({ control }) };
  const preview = {
    title: { de: values.titleDe, en: values.titleEn },
    teaser: { de: values.teaserDe, en: values.teaserEn },
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
      result={(language, t) => newsSearchResult(preview, language === ContentLanguage.English ? 'en' : 'de', language, t)}
      path={(lang) => newsPostPath(values.address || '…', lang)}
    />
  );
}
