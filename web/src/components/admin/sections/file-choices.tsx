import { type KeyboardEvent, type MouseEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type LibraryFile, customPageLimits } from '@blitz/contract';
import { dangerButton, secondaryButton, smallButton } from '../button-classes';
import { SelectField } from '../form-field';
import { LibraryFilePreview } from '../library-file-preview';
import { fileTitle } from '../library-files';
import { type Focus, moved } from './sections';

const errorText = 'mt-1 text-sm font-medium text-red-700';
const choiceClass =
  'flex cursor-pointer flex-col gap-1 rounded border border-slate-200 p-1.5 text-sm has-checked:border-brand-700 has-checked:bg-brand-50 has-focus-visible:ring-2 has-focus-visible:ring-brand-500';

/** Where the library is: staff upload there, and pick here. */
function LibraryHint({ empty }: { empty: boolean }) {
  const { t } = useTranslation('sectionEditing');
  return <p className="text-sm text-slate-600">{empty ? t('files.noPictures') : t('files.libraryHint')}</p>;
}

/**
 * A picture of the library for a section: each picture as a choice with its thumbnail and
 * title (a group of radio buttons: arrow keys move between them), the chosen one larger, with its
 * focal point, the point every crop keeps in view (a click on it, or the arrow keys).
 */
export function PictureChoice({
  files,
  value,
  onChange,
  onClear,
  legend,
  focus,
  onFocusChange,
  error,
}: {
  files: LibraryFile[] | undefined;
  value: number | null;
  onChange: (fileId: number) => void;
  /** A picture that may be left out (a post's cover): "No picture" is the first choice. */
  onClear?: () => void;
  /** What the picture is for, if not a section's picture. */
  legend?: string;
  focus: Focus;
  onFocusChange: (focus: Focus) => void;
  error: string | undefined;
}) {
  const { t, i18n } = useTranslation('sectionEditing');
  const name = useId();
  const pictures = (files ?? []).filter((file) => file.kind === 'picture');
  const chosen = files?.find((file) => file.id === value);
  return (
    <fieldset className="min-w-0 space-y-2" aria-describedby={error ? `${name}-error` : undefined}>
      <legend className="text-sm font-semibold text-slate-800">
        {legend ?? t('files.picture')}
        {!onClear && (
          <span aria-hidden="true" className="text-red-700">
            {' *'}
          </span>
        )}
      </legend>
      <LibraryHint empty={files !== undefined && pictures.length === 0} />
      {files === undefined && <p className="text-sm text-slate-600">{t('files.loading')}</p>}
      {pictures.length > 0 && (
        <div className="grid max-h-60 grid-cols-2 gap-2 overflow-y-auto rounded-md border border-slate-200 p-2 sm:grid-cols-3 lg:grid-cols-4">
          {onClear && (
            <label className={choiceClass}>
              <input type="radio" name={name} className="sr-only" checked={value === null} onChange={onClear} />
              <span
                aria-hidden="true"
                className="flex h-16 w-full items-center justify-center rounded bg-slate-100 text-2xl text-slate-500"
              >
                ∅
              </span>
              <span className="text-xs text-slate-800">{t('files.noPicture')}</span>
            </label>
          )}
          {pictures.map((file) => (
            <label key={file.id} className={choiceClass}>
              <input
                type="radio"
                name={name}
                className="sr-only"
                checked={file.id === value}
                onChange={() => onChange(file.id)}
              />
              <LibraryFilePreview file={file} className="h-16 w-full" />
              <span
                className="min-w-0 text-xs break-words hyphens-auto text-slate-800"
                lang={i18n.language === 'en' ? 'en' : 'de'}
              >
                {fileTitle(file, i18n.language)}
              </span>
            </label>
          ))}
        </div>
      )}
      {value !== null && !chosen && files !== undefined && <p className={errorText}>{t('errors.fileGone')}</p>}
      {chosen && <FocusPoint file={chosen} focus={focus} onChange={onFocusChange} />}
      {error && (
        <p id={`${name}-error`} className={errorText}>
          {error}
        </p>
      )}
    </fieldset>
  );
}

const percent = (value: number) => Math.round(value);
const clamp = (value: number) => Math.max(0, Math.min(100, Math.round(value)));

/** The chosen picture with its focal point (in percent from the top left; the middle until set). */
function FocusPoint({ file, focus, onChange }: { file: LibraryFile; focus: Focus; onChange: (focus: Focus) => void }) {
  const { t, i18n } = useTranslation('sectionEditing');
  const point = focus ?? { x: 50, y: 50 };
  // A rendition about as wide as it is shown (14rem, twice for sharp screens).
  const webp = file.sources.filter((s) => s.type === 'image/webp').sort((a, b) => a.width - b.width);
  const shown = webp.find((s) => s.width >= 480) ?? webp[webp.length - 1];
  if (!shown) return null;
  const click = (event: MouseEvent<HTMLButtonElement>) => {
    // A click from the keyboard (Enter, Space) has no position: it leaves the point.
    if (event.detail === 0) return;
    const box = event.currentTarget.getBoundingClientRect();
    onChange({
      x: clamp(((event.clientX - box.left) / box.width) * 100),
      y: clamp(((event.clientY - box.top) / box.height) * 100),
    });
  };
  const key = (event: KeyboardEvent<HTMLButtonElement>) => {
    const step = event.shiftKey ? 10 : 5;
    const moves: Record<string, [number, number]> = {
      ArrowLeft: [-step, 0],
      ArrowRight: [step, 0],
      ArrowUp: [0, -step],
      ArrowDown: [0, step],
    };
    const move = moves[event.key];
    if (!move) return;
    event.preventDefault();
    onChange({ x: clamp(point.x + move[0]), y: clamp(point.y + move[1]) });
  };
  return (
    <div className="grid gap-2 sm:grid-cols-[14rem_1fr] sm:items-start">
      <button
        type="button"
        className="relative block w-full cursor-crosshair overflow-hidden rounded focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none"
        aria-label={t('files.focus', { title: fileTitle(file, i18n.language), x: percent(point.x), y: percent(point.y) })}
        onClick={click}
        onKeyDown={key}
      >
        <img
          src={shown.url}
          alt=""
          width={file.width ?? undefined}
          height={file.height ?? undefined}
          className="block h-auto w-full"
        />
        <span
          aria-hidden="true"
          className="absolute size-5 -translate-x-1/2 -translate-y-1/2 rounded-full border-2 border-white bg-accent-500 shadow ring-2 ring-slate-900/60"
          style={{ left: `${point.x}%`, top: `${point.y}%` }}
        />
      </button>
      <p className="text-xs text-slate-600">{t('files.focusHint')}</p>
    </div>
  );
}

/**
 * The files a downloads section offers, in its order: each with its title, moved up or down or
 * removed; another one added from the library (documents first).
 */
export function DownloadsChoice({
  files,
  value,
  onChange,
  error,
}: {
  files: LibraryFile[] | undefined;
  value: number[];
  onChange: (fileIds: number[]) => void;
  error: string | undefined;
}) {
  const { t, i18n } = useTranslation('sectionEditing');
  const [adding, setAdding] = useState('');
  const headingId = useId();
  const byId = new Map(files?.map((file) => [file.id, file]));
  const offered = (files ?? [])
    .filter((file) => !value.includes(file.id))
    .sort((a, b) => (a.kind === b.kind ? 0 : a.kind === 'document' ? -1 : 1));
  const full = value.length >= customPageLimits.downloads;
  const button = `${secondaryButton} ${smallButton}`;
  return (
    <div className="space-y-2" role="group" aria-labelledby={headingId}>
      <p id={headingId} className="text-sm font-semibold text-slate-800">
        {t('files.downloads')}
        <span aria-hidden="true" className="text-red-700">
          {' *'}
        </span>
      </p>
      <LibraryHint empty={false} />
      {value.length > 0 && (
        <ol className="space-y-2">
          {value.map((fileId, index) => {
            const file = byId.get(fileId);
            const title = file ? fileTitle(file, i18n.language) : t('files.unknown', { id: fileId });
            return (
              <li key={fileId} className="flex flex-wrap items-center gap-2 rounded border border-slate-200 p-2">
                {file && <LibraryFilePreview file={file} className="h-10 w-12 shrink-0" />}
                <span className="min-w-0 flex-1 break-words text-sm text-slate-800">{title}</span>
                <span className="flex flex-wrap gap-1">
                  <button
                    type="button"
                    className={button}
                    disabled={index === 0}
                    aria-label={t('files.moveUp', { title })}
                    onClick={() => onChange(moved(value, index, index - 1))}
                  >
                    <span aria-hidden="true">↑</span>
                  </button>
                  <button
                    type="button"
                    className={button}
                    disabled={index === value.length - 1}
                    aria-label={t('files.moveDown', { title })}
                    onClick={() => onChange(moved(value, index, index + 1))}
                  >
                    <span aria-hidden="true">↓</span>
                  </button>
                  <button
                    type="button"
                    className={`${dangerButton} ${smallButton}`}
                    aria-label={t('files.remove', { title })}
                    onClick={() => onChange(value.filter((id) => id !== fileId))}
                  >
                    {t('files.removeShort')}
                  </button>
                </span>
              </li>
            );
          })}
        </ol>
      )}
      {offered.length > 0 && !full && (
        <div className="flex flex-wrap items-end gap-2">
          <div className="min-w-0 flex-1">
            <SelectField label={t('files.add')} value={adding} onChange={(event) => setAdding(event.target.value)}>
              <option value="">{t('files.choose')}</option>
              {offered.map((file) => (
                <option key={file.id} value={file.id}>
                  {fileTitle(file, i18n.language)} ({file.originalName})
                </option>
              ))}
            </SelectField>
          </div>
          <button
            type="button"
            className={secondaryButton}
            disabled={!adding}
            onClick={() => {
              onChange([...value, Number(adding)]);
              setAdding('');
            }}
          >
            {t('files.addButton')}
          </button>
        </div>
      )}
      {error && <p className={errorText}>{error}</p>}
    </div>
  );
}
