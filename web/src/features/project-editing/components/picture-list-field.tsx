import { type KeyboardEvent, type MouseEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type LibraryFile, maxProjectPictures, pictureLimits } from '@blitz/contract';
import type { FailureReason } from '../../../components/admin/command-failure';
import { secondaryButton, smallButton } from '../../../components/admin/button-classes';
import { FileField, TextField } from '../../../components/admin/form-field';
import { LibraryFilePreview } from '../../../components/admin/library-file-preview';
import { fileTitle, useFiles } from '../../../components/admin/library-files';
import { megabytes, pictureFileProblem, picturePixelsProblem } from '../../../components/admin/picture-check';
import { type PictureItem, moved, pointAt } from './picture-list';

type Props = {
  items: PictureItem[];
  onChange: (items: PictureItem[]) => void;
  /** After a Save was tried: the missing texts are shown as errors. */
  showErrors: boolean;
  missing: Map<string, ('de' | 'en')[]>;
  /** The upload's progress, 0–1, while a save sends files. */
  progress: number | undefined;
};

async function pixelSize(url: string): Promise<{ width: number; height: number }> {
  const image = new Image();
  image.src = url;
  await image.decode();
  return { width: image.naturalWidth, height: image.naturalHeight };
}

let counter = 0;

/**
 * The library's pictures as buttons, each adding its picture to the list (decision 066): shown
 * once asked for, so the list is read only then.
 */
function LibraryPictures({ onAdd, full }: { onAdd: (file: LibraryFile) => void; full: boolean }) {
  const { t, i18n } = useTranslation('projectEditing');
  const { data } = useFiles();
  const p = 'modal.pictures';
  const pictures = (data?.data ?? []).filter((file) => file.kind === 'picture');
  if (!data) return <p className="text-sm text-slate-600">{t(`${p}.libraryLoading`)}</p>;
  if (pictures.length === 0) return <p className="text-sm text-slate-600">{t(`${p}.libraryEmpty`)}</p>;
  return (
    <div className="space-y-2">
      <p className="text-sm text-slate-600">{t(`${p}.libraryHint`)}</p>
      <ul className="grid max-h-60 grid-cols-2 gap-2 overflow-y-auto rounded-md border border-slate-200 p-2 sm:grid-cols-3 lg:grid-cols-4">
        {pictures.map((file) => {
          const title = fileTitle(file, i18n.language);
          return (
            <li key={file.id}>
              <button
                type="button"
                disabled={full}
                aria-label={t(`${p}.addFromLibrary`, { title })}
                className="flex w-full flex-col gap-1 rounded border border-slate-200 p-1.5 text-left text-xs text-slate-800 hover:border-brand-700 focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none disabled:opacity-50"
                onClick={() => onAdd(file)}
              >
                <LibraryFilePreview file={file} className="h-16 w-full" />
                <span className="min-w-0 break-words hyphens-auto">{title}</span>
              </button>
            </li>
          );
        })}
      </ul>
    </div>
  );
}

/**
 * The project's pictures: add several at once, put them in order (the first is the cover),
 * remove, mark decorative, give each its German and English alternative text, and set its focal
 * point by clicking on it (or with the arrow keys on it): every crop keeps that point in view.
 */
export function PictureListField({ items, onChange, showErrors, missing, progress }: Props) {
  const { t } = useTranslation(['projectEditing', 'admin']);
  // A problem's reason is a key of the dashboard's (or names its namespace).
  const { t: tAdmin } = useTranslation('admin');
  const listId = useId();
  const [problems, setProblems] = useState<{ name: string; problem: FailureReason }[]>([]);
  const [libraryOpen, setLibraryOpen] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  // Object URLs of chosen files are released when they leave the list or the modal closes.
  const latest = useRef(items);
  useEffect(() => {
    latest.current = items;
  });
  useEffect(
    () => () => {
      for (const item of latest.current) if (item.file) URL.revokeObjectURL(item.preview);
    },
    [],
  );

  const p = 'modal.pictures';
  const update = (id: string, change: Partial<PictureItem>) =>
    onChange(items.map((item) => (item.id === id ? { ...item, ...change } : item)));

  async function add(files: File[]) {
    const found: { name: string; problem: FailureReason }[] = [];
    const added: PictureItem[] = [];
    for (const file of files) {
      if (items.length + added.length >= maxProjectPictures) {
        found.push({
          name: file.name,
          // The dashboard's reasons are its texts; this one, the project form's, names its namespace.
          problem: { key: 'projectEditing:modal.pictures.tooMany' as FailureReason['key'], values: { max: maxProjectPictures } },
        });
        continue;
      }
      const problem = pictureFileProblem(file);
      if (problem) {
        found.push({ name: file.name, problem });
        continue;
      }
      const preview = URL.createObjectURL(file);
      try {
        const { width, height } = await pixelSize(preview);
        const pixels = picturePixelsProblem(width, height);
        if (pixels) throw Object.assign(new Error('pixels'), { reason: pixels });
      } catch (error) {
        URL.revokeObjectURL(preview);
        found.push({
          name: file.name,
          problem: (error as { reason?: FailureReason }).reason ?? { key: 'validation.pictureUnreadable' },
        });
        continue;
      }
      added.push({ id: `new-${++counter}`, preview, file, altDe: '', altEn: '', focus: { x: 0.5, y: 0.5 }, decorative: false });
    }
    setProblems(found);
    if (added.length) onChange([...items, ...added]);
    if (input.current) input.current.value = '';
  }

  function addFromLibrary(file: LibraryFile) {
    const preview = [...file.sources].filter((s) => s.type === 'image/webp').sort((a, b) => a.width - b.width);
    const item: PictureItem = {
      id: `new-${++counter}`,
      preview: (preview.find((s) => s.width >= 480) ?? preview[preview.length - 1])?.url ?? file.address,
      libraryFileId: file.id,
      altDe: file.alt?.de ?? '',
      altEn: file.alt?.en ?? '',
      focus: { x: 0.5, y: 0.5 },
      decorative: false,
    };
    onChange([...items, item]);
  }

  function remove(item: PictureItem) {
    if (item.file) URL.revokeObjectURL(item.preview);
    onChange(items.filter((other) => other.id !== item.id));
  }

  function clickPoint(item: PictureItem, event: MouseEvent<HTMLButtonElement>) {
    const box = event.currentTarget.getBoundingClientRect();
    // A click from the keyboard (Enter, Space) has no position: it leaves the point.
    if (event.detail === 0) return;
    update(item.id, { focus: pointAt(event.clientX - box.left, event.clientY - box.top, box.width, box.height) });
  }

  function keyPoint(item: PictureItem, event: KeyboardEvent<HTMLButtonElement>) {
    const step = event.shiftKey ? 0.1 : 0.05;
    const moves: Record<string, [number, number]> = {
      ArrowLeft: [-step, 0],
      ArrowRight: [step, 0],
      ArrowUp: [0, -step],
      ArrowDown: [0, step],
    };
    const move = moves[event.key];
    if (!move) return;
    event.preventDefault();
    const clamp = (v: number) => Math.round(Math.max(0, Math.min(1, v)) * 100) / 100;
    update(item.id, { focus: { x: clamp(item.focus.x + move[0]), y: clamp(item.focus.y + move[1]) } });
  }

  const percent = (v: number) => Math.round(v * 100);
  return (
    <fieldset className="space-y-3">
      <legend className="text-sm font-semibold text-slate-800">
        {t(`${p}.legend`)}
        <span aria-hidden="true" className="text-red-700">
          {' *'}
        </span>
      </legend>
      <FileField
        ref={input}
        label={t(`${p}.add`)}
        hint={t(`${p}.hint`, { max: megabytes(pictureLimits.maxBytes), count: maxProjectPictures })}
        accept="image/*"
        multiple
        aria-controls={listId}
        error={
          problems.length
            ? problems.map((x) => `${x.name}: ${tAdmin(x.problem.key, x.problem.values ?? {})}`).join(' ')
            : showErrors && items.length === 0
              ? t('admin:validation.pictureRequired')
              : undefined
        }
        onChange={(event) => void add([...(event.target.files ?? [])])}
      />
      <details
        className="rounded-md border border-slate-200 px-3 py-2"
        onToggle={(event) => setLibraryOpen(event.currentTarget.open)}
      >
        <summary className="cursor-pointer text-sm font-medium text-brand-800">{t(`${p}.fromLibrary`)}</summary>
        {libraryOpen && (
          <div className="mt-2">
            <LibraryPictures onAdd={addFromLibrary} full={items.length >= maxProjectPictures} />
          </div>
        )}
      </details>
      {progress !== undefined && (
        <div className="flex items-center gap-3 text-sm text-slate-700">
          <progress max={1} value={progress} aria-label={t(`${p}.uploading`)} className="h-2 flex-1 accent-brand-700" />
          <span aria-live="polite">{t(`${p}.progress`, { percent: percent(progress) })}</span>
        </div>
      )}
      <ol id={listId} className="space-y-3">
        {items.map((item, index) => {
          const gaps = showErrors ? (missing.get(item.id) ?? []) : [];
          const name = t(`${p}.number`, { index: index + 1 });
          return (
            <li key={item.id} className="grid gap-3 rounded-md border border-slate-300 p-3 sm:grid-cols-[14rem_1fr]">
              <div>
                <button
                  type="button"
                  className="relative block w-full cursor-crosshair overflow-hidden rounded focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none"
                  aria-label={t(`${p}.focus`, { name, x: percent(item.focus.x), y: percent(item.focus.y) })}
                  onClick={(event) => clickPoint(item, event)}
                  onKeyDown={(event) => keyPoint(item, event)}
                  data-focus-point={`${item.focus.x},${item.focus.y}`}
                >
                  <img src={item.preview} alt="" className="block h-auto w-full" />
                  <span
                    aria-hidden="true"
                    className="absolute size-5 -translate-x-1/2 -translate-y-1/2 rounded-full border-2 border-white bg-accent-500 shadow ring-2 ring-slate-900/60"
                    style={{ left: `${percent(item.focus.x)}%`, top: `${percent(item.focus.y)}%` }}
                  />
                </button>
                <p className="mt-1 text-xs text-slate-600">
                  {index === 0 ? `${t(`${p}.cover`)} · ` : ''}
                  {t(`${p}.focusHint`)}
                </p>
              </div>
              <div className="space-y-2">
                <p className="text-sm font-semibold text-slate-800">{name}</p>
                <TextField
                  label={t(`${p}.altDe`)}
                  lang="de"
                  required={!item.decorative}
                  disabled={item.decorative}
                  maxLength={500}
                  value={item.altDe}
                  onChange={(event) => update(item.id, { altDe: event.target.value })}
                  error={gaps.includes('de') ? t(`${p}.altMissing`) : undefined}
                />
                <TextField
                  label={t(`${p}.altEn`)}
                  lang="en"
                  required={!item.decorative}
                  disabled={item.decorative}
                  maxLength={500}
                  value={item.altEn}
                  onChange={(event) => update(item.id, { altEn: event.target.value })}
                  error={gaps.includes('en') ? t(`${p}.altMissing`) : undefined}
                />
                <label className="flex items-center gap-3 text-sm text-slate-800">
                  <input
                    type="checkbox"
                    className="size-5 accent-brand-700"
                    checked={item.decorative}
                    onChange={(event) => update(item.id, { decorative: event.target.checked })}
                  />
                  {t(`${p}.decorative`)}
                </label>
                <div className="flex flex-wrap gap-2">
                  <button
                    type="button"
                    className={`${secondaryButton} ${smallButton}`}
                    disabled={index === 0}
                    aria-label={t(`${p}.moveUp`, { name })}
                    onClick={() => onChange(moved(items, index, index - 1))}
                  >
                    {t(`${p}.up`)}
                  </button>
                  <button
                    type="button"
                    className={`${secondaryButton} ${smallButton}`}
                    disabled={index === items.length - 1}
                    aria-label={t(`${p}.moveDown`, { name })}
                    onClick={() => onChange(moved(items, index, index + 1))}
                  >
                    {t(`${p}.down`)}
                  </button>
                  <button
                    type="button"
                    className={`${secondaryButton} ${smallButton}`}
                    aria-label={t(`${p}.removeNamed`, { name })}
                    onClick={() => remove(item)}
                  >
                    {t(`${p}.remove`)}
                  </button>
                </div>
              </div>
            </li>
          );
        })}
      </ol>
    </fieldset>
  );
}
