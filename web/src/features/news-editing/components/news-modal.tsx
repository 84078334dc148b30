import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import { type Control, type FieldErrors, type UseFormRegister, type UseFormSetValue, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  type Category,
  ContentLanguage,
  type LibraryFile,
  type NewsPost,
  customPageLimits,
  newsLimits,
  newsPostPath,
} from '@blitz/contract';
import { EditConflict, TypedValues, conflictChanges, noConflictChanges } from '../../../components/admin/edit-conflict';
import { formIssueKeys, useFieldError } from '../../../components/admin/form-errors';
import { SwitchField, TextAreaField, TextField } from '../../../components/admin/form-field';
import { ModalDialog } from '../../../components/admin/modal-dialog';
import { ModalForm } from '../../../components/admin/modal-form';
import { SearchEntryFields } from '../../../components/admin/search-entry-fields';
import { searchEntryLabels } from '../../../components/admin/search-entry-form';
import { PictureChoice } from '../../../components/admin/sections/file-choices';
import { SectionList } from '../../../components/admin/sections/section-list';
import { sectionsOf } from '../../../components/admin/sections/sections';
import { SectionsSummary, conflictFields, useSectionEditor } from '../../../components/admin/sections/use-section-editor';
import { useUnsavedChanges } from '../../../components/admin/unsaved-changes';
import { useStaleSave } from '../../../components/admin/use-stale-save';
import { isApiError } from '../../../lib/api-client';
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
  postWithAddress,
  schedules,
} from './news-form';
import { berlinTimeToIso } from './publish-time';
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
  const save = useSavePost();
  const sections = useSectionEditor(post, categories);
  // The post as it is now: the state actions answer it anew.
  const [current, setCurrent] = useState(post);
  // The version the form was filled from; a save of an older one than the server's is refused.
  const [version, setVersion] = useState(post?.updatedAt);
  // What the form was filled from: what this person changed is told apart from the colleague's.
  const [loaded, setLoaded] = useState(() => newsFormValues(post));
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
  } = useForm({ resolver: zodResolver(newsFormSchema(), formIssueKeys), defaultValues: newsFormValues(post) });
  useUnsavedChanges(isDirty || sections.changed);
  const lang = i18n.language === 'en' ? 'en' : 'de';

  const [address, publishMode, publishTime] = useWatch({ control, name: ['address', 'publishMode', 'publishTime'] });
  const holder = postWithAddress(posts, address, current?.id);
  const addressError = holder
    ? t('errors.addressHeld', { title: lang === 'en' ? holder.title.en : holder.title.de })
    : fieldError(errors.address);

  // "Publish" (the form's submit; "Schedule" for a time to come) or "Save as draft", as pages
  // save: a live post's changes saved as a draft are its draft of changes.
  const submitAs = (published: boolean, checkVersion = true) =>
    handleSubmit(
      (values) => {
        sections.trySave();
        if (sections.invalid.length > 0 || holder) return;
        save.mutate(
          current
            ? newsUpdatePayload(current, values, sections.sections, published, checkVersion ? version : undefined)
            : newsCreatePayload(values, sections.sections, published),
          {
            onSuccess: onDone,
            onError: (error) => {
              if (!isApiError(error)) return;
              if (error.fieldErrors.some((e) => e.field === 'address'))
                setError(
                  'address',
                  { message: error.code === 'conflict' ? 'newsEditing:errors.addressTaken' : 'newsEditing:errors.addressForm' },
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
        const theirs = await fetchPost(current.id);
        const saved = newsFormValues(theirs);
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
      submitLabel={{
        idle: schedules({ publishMode, publishTime }) ? t('modal.schedule') : t('modal.publish'),
        busy: t('admin:actions.saving'),
      }}
      secondaryAction={{ label: t('modal.saveDraft'), onClick: () => void submitAs(false)() }}
    >
      {stale.conflict && <EditConflict {...stale.conflictProps} />}
      <TypedValues changes={stale.typed} />
      <SectionsSummary editor={sections} />
      {current && (
        <PostStatePanel
          post={current}
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
          maxLength={newsLimits.title}
          error={fieldError(errors.titleDe)}
          {...register('titleDe', {
            // A new post's address follows its German title until staff write one.
            onChange: (event: { target: { value: string } }) => {
              if (!current && !getFieldState('address').isDirty) setValue('address', addressFromTitle(event.target.value));
            },
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
            error={addressError}
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
      result={(language) => newsSearchResult(preview, language === ContentLanguage.English ? 'en' : 'de', language)}
      path={(lang) => newsPostPath(values.address || '…', lang)}
    />
  );
}
