import { Suspense } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { type ContentLanguage, type SiteLanguage, contentLanguageOf, searchEntryShown, textExcerpt } from '@blitz/contract';
import type { SearchResult } from '../../lib/search-entry';
import { useFieldError } from './form-errors';
import { TextAreaField, TextField } from './form-field';
import type { SearchEntryFormField, SearchEntryFormValues } from './search-entry-form';
import { type SearchEntryPart, searchLengthHint } from './search-entry-hint';

type SearchEntryFieldsProps = {
  /** The form's registrations of the four fields. */
  register: (name: SearchEntryFormField) => UseFormRegisterReturn;
  /** What the fields hold now, and the rest of the form the preview is made from (`result`). */
  values: SearchEntryFormValues;
  /** The form's errors (react-hook-form's), of these fields among others. */
  errors: Partial<Record<SearchEntryFormField, { message?: string | undefined } | undefined>>;
  /** The page's search result in a language, made as the page's head makes it (lib/search-entry.ts). */
  result: (language: ContentLanguage, t: TFunction<'common'>) => SearchResult;
  /** The page's path (`/project/12`), its id `…` while it has none; per language where they differ (a news post's). */
  path: string | ((lang: SiteLanguage) => string);
};

const languages = [
  ['de', 'De', 'german'],
  ['en', 'En', 'english'],
] as const;

/**
 * The "Search engines" section of an editor (a project's, a job's; decision 059): title and
 * description in German and English side by side, each with its length hint, and a preview of
 * the result per language as a result list would show it.
 */
export function SearchEntryFields({ register, values, errors, result, path }: SearchEntryFieldsProps) {
  const { t } = useTranslation('admin');
  const fieldError = useFieldError();
  const s = 'searchEntry';
  const hint = (part: SearchEntryPart, text: string) => {
    const { level, count, upTo } = searchLengthHint(part, text);
    const words =
      level === 'empty' ? t(part === 'title' ? `${s}.titleEmpty` : `${s}.descriptionEmpty`) : t(`${s}.${level}`, { count, upTo });
    return { hint: words, hintTone: level === 'long' ? ('warning' as const) : ('plain' as const) };
  };
  return (
    <fieldset className="rounded-md border border-slate-300 p-3 sm:p-4">
      <legend className="px-1 text-base font-semibold text-slate-900">{t(`${s}.legend`)}</legend>
      <p className="text-sm text-slate-600">{t(`${s}.intro`)}</p>
      <div className="mt-3 grid gap-4 sm:grid-cols-2">
        {languages.map(([lang, suffix, name]) => (
          <TextField
            key={`title${suffix}`}
            label={t(`${s}.${name}Title`)}
            lang={lang}
            {...hint('title', values[`searchTitle${suffix}`])}
            error={fieldError(errors[`searchTitle${suffix}`])}
            {...register(`searchTitle${suffix}`)}
          />
        ))}
        {languages.map(([lang, suffix, name]) => (
          <TextAreaField
            key={`description${suffix}`}
            label={t(`${s}.${name}Description`)}
            lang={lang}
            rows={3}
            {...hint('description', values[`searchDescription${suffix}`])}
            error={fieldError(errors[`searchDescription${suffix}`])}
            {...register(`searchDescription${suffix}`)}
          />
        ))}
        {/* The other language's texts (the titles made from them) load on first use. */}
        <Suspense fallback={null}>
          {languages.map(([lang, , name]) => (
            <ResultPreview key={lang} lang={lang} label={t(`${s}.${name}Preview`)} result={result} path={path} />
          ))}
        </Suspense>
      </div>
      <p className="mt-2 text-xs text-slate-600">{t(`${s}.previewNote`)}</p>
    </fieldset>
  );
}

/** A text cut as a result list cuts it: at a word, no dash or comma left before the ellipsis. */
const cut = (text: string, max: number) => textExcerpt(text, max).replace(/[\s,;:|–—-]+…$/, '…');

/** One language's result as a list shows it: the address, the title (blue, cut), the description (cut). */
function ResultPreview({
  lang,
  label,
  result,
  path,
}: {
  lang: SiteLanguage;
  label: string;
  result: SearchEntryFieldsProps['result'];
  path: SearchEntryFieldsProps['path'];
}) {
  const { t: common } = useTranslation('common', { lng: lang });
  const shown = result(contentLanguageOf(lang), common);
  const own = typeof path === 'string' ? path : path(lang);
  const address = [window.location.host, ...own.split('/').filter(Boolean)].join(' › ');
  return (
    <figure className="min-w-0 rounded-md border border-slate-200 bg-white p-3 shadow-sm">
      <figcaption className="mb-2 text-xs font-semibold text-slate-600">{label}</figcaption>
      <div lang={lang} data-search-preview={lang}>
        <p className="truncate text-sm text-slate-700">{address}</p>
        <p className="mt-0.5 text-lg leading-snug break-words text-blue-800" data-search-preview-title>
          {cut(shown.title, searchEntryShown.title.upTo)}
        </p>
        <p className="mt-1 text-sm break-words text-slate-700" data-search-preview-description>
          {cut(shown.description, searchEntryShown.description.upTo)}
        </p>
      </div>
    </figure>
  );
}
