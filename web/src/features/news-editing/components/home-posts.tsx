import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { newsLimits } from '@blitz/contract';
import { secondaryButton, smallButton } from '../../../components/admin/button-classes';
import { CommandError } from '../../../components/admin/command-error';
import { useNewsHome, useSaveNewsHome } from '../api/news';

/**
 * "Neueste Beiträge auf der Startseite: 0–6" (`/News/Home`): how many of the newest posts the home
 * page shows below its own sections, none by default. Shown once the setting is read: a server
 * without it (an older release) shows nothing here rather than a broken control.
 */
export function HomePosts() {
  const { t } = useTranslation('newsEditing');
  const id = useId();
  const home = useNewsHome();
  const save = useSaveNewsHome();
  const [chosen, setChosen] = useState<number>();
  if (!home.data) return null;
  const value = chosen ?? home.data.homePosts;
  const unsaved = value !== home.data.homePosts;
  return (
    <form
      className="mb-4 max-w-3xl rounded-md border border-slate-300 bg-slate-50 p-3"
      onSubmit={(event) => {
        event.preventDefault();
        save.mutate({ homePosts: value }, { onSuccess: () => setChosen(undefined) });
      }}
    >
      <label htmlFor={id} className="block text-sm font-semibold text-slate-800">
        {t('home.label', { max: newsLimits.homePosts })}
      </label>
      <div className="mt-1 flex flex-wrap items-center gap-2">
        <select
          id={id}
          value={value}
          aria-describedby={`${id}-hint`}
          className="rounded-md border border-slate-400 bg-white px-3 py-2 text-slate-900 focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none"
          onChange={(event) => setChosen(Number(event.target.value))}
        >
          {Array.from({ length: newsLimits.homePosts + 1 }, (_, count) => (
            <option key={count} value={count}>
              {count === 0 ? t('home.none') : count}
            </option>
          ))}
        </select>
        <button type="submit" className={`${secondaryButton} ${smallButton}`} disabled={!unsaved || save.isPending}>
          {t('home.save')}
        </button>
      </div>
      <p id={`${id}-hint`} role="status" className="mt-2 text-sm text-slate-600">
        {save.isSuccess && !unsaved ? t('home.saved') : t('home.hint')}
      </p>
      {save.error ? <CommandError error={save.error} /> : null}
    </form>
  );
}
