import { type FormEvent, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type NotFoundEntry, type Redirect, apiRoutes, notFoundAnswers } from '@blitz/contract';
import { dangerButton, primaryButton, secondaryButton, smallButton } from '../../../components/admin/button-classes';
import { CommandError } from '../../../components/admin/command-error';
import { DataTable } from '../../../components/admin/data-table';
import { controlClass } from '../../../components/admin/form-field';
import { ListStatus } from '../../../components/admin/list-status';
import { Pager } from '../../../components/admin/pager';
import { useDownload } from '../../../lib/download-file';
import {
  useDeleteNotFound,
  useDeleteRedirect,
  useImportRedirects,
  useNotFoundLog,
  useNotFoundSettings,
  useRedirects,
  useSaveNotFoundSettings,
  useSaveRedirect,
  useTestAddress,
} from '../api/redirects';

type Draft = { id?: number; from: string; to: string; keepQuery: boolean };
const emptyDraft: Draft = { from: '', to: '', keepQuery: false };
const pageLength = 20;

/**
 * Redirects of old addresses and the addresses that lead nowhere (issue 43, decision 047): add,
 * change, test, remove, CSV in and out; the not-found log with "create a redirect" from a row;
 * and what an unknown address answers.
 */
export function RedirectsPanel() {
  const { t, i18n } = useTranslation('redirects');
  const headingId = useId();
  const formId = useId();
  const fromRef = useRef<HTMLInputElement>(null);
  const toRef = useRef<HTMLInputElement>(null);
  const [draft, setDraft] = useState<Draft>(emptyDraft);
  const [page, setPage] = useState(1);
  const [logPage, setLogPage] = useState(1);
  const [search, setSearch] = useState('');
  const [notice, setNotice] = useState<string | undefined>();
  const [tested, setTested] = useState('');
  const redirects = useRedirects(page, search);
  const log = useNotFoundLog(logPage);
  const settings = useNotFoundSettings();
  const save = useSaveRedirect();
  const remove = useDeleteRedirect();
  const removeEntry = useDeleteNotFound();
  const importCsv = useImportRedirects();
  const saveSettings = useSaveNotFoundSettings();
  const test = useTestAddress();
  const download = useDownload();
  const when = (value: string | null) =>
    value ? new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(value)) : '–';
  const pagerTexts = (label: string, current: number, pages: number) => ({
    label,
    previous: t('pager.previous'),
    next: t('pager.next'),
    status: t('pager.status', { page: current, pages }),
  });
  const error = save.error ?? remove.error ?? removeEntry.error ?? importCsv.error ?? saveSettings.error;

  const edit = (next: Draft, focus: 'from' | 'to') => {
    setNotice(undefined);
    save.reset();
    setDraft(next);
    requestAnimationFrame(() => (focus === 'from' ? fromRef : toRef).current?.focus());
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const body = { from: draft.from, to: draft.to, keepQuery: draft.keepQuery };
    save.mutate(draft.id === undefined ? body : { ...body, id: draft.id }, {
      onSuccess: (saved) => {
        setNotice(t('saved', { from: saved.from, to: saved.to }));
        setDraft(emptyDraft);
      },
    });
  };
  const onDelete = (redirect: Redirect) => {
    if (!window.confirm(t('confirmDelete', { from: redirect.from }))) return;
    remove.mutate(redirect.id, { onSuccess: () => setNotice(t('deleted', { from: redirect.from })) });
  };
  const onImport = async (file: File | undefined) => {
    if (!file) return;
    importCsv.mutate(await file.text(), { onSuccess: (result) => setNotice(t('imported', result)) });
  };

  return (
    <section aria-labelledby={headingId} className="space-y-8">
      <div className="space-y-3">
        <h2 id={headingId} className="text-2xl font-bold text-brand-900">
          {t('heading')}
        </h2>
        <p className="max-w-3xl text-slate-700">{t('intro')}</p>
        <div role="status" className="empty:hidden">
          {notice ? <p className="rounded-md bg-green-50 px-4 py-3 text-green-900">{notice}</p> : null}
        </div>
        {error ? <CommandError error={error} /> : null}
      </div>

      <form id={formId} onSubmit={onSubmit} className="grid gap-4 rounded-lg border border-slate-300 p-4 sm:grid-cols-2">
        <h3 className="text-lg font-semibold sm:col-span-2">{draft.id === undefined ? t('form.add') : t('form.edit')}</h3>
        <label className="block text-sm font-semibold text-slate-800">
          {t('form.from')}
          <input
            ref={fromRef}
            className={controlClass}
            required
            value={draft.from}
            placeholder="/kontakt/"
            onChange={(e) => setDraft({ ...draft, from: e.target.value })}
          />
        </label>
        <label className="block text-sm font-semibold text-slate-800">
          {t('form.to')}
          <input
            ref={toRef}
            className={controlClass}
            required
            value={draft.to}
            placeholder="/contactus"
            onChange={(e) => setDraft({ ...draft, to: e.target.value })}
          />
        </label>
        <label className="flex items-center gap-2 text-sm text-slate-800 sm:col-span-2">
          <input
            type="checkbox"
            checked={draft.keepQuery}
            onChange={(e) => setDraft({ ...draft, keepQuery: e.target.checked })}
          />
          {t('form.keepQuery')}
        </label>
        <p className="text-sm text-slate-600 sm:col-span-2">{t('form.hint')}</p>
        <div className="flex gap-3 sm:col-span-2">
          <button type="submit" className={primaryButton} disabled={save.isPending}>
            {t('form.save')}
          </button>
          {draft !== emptyDraft && (
            <button type="button" className={secondaryButton} onClick={() => setDraft(emptyDraft)}>
              {t('form.cancel')}
            </button>
          )}
        </div>
      </form>

      <div className="flex flex-wrap items-end gap-6">
        <form
          className="flex items-end gap-2"
          onSubmit={(event) => {
            event.preventDefault();
            test.mutate(tested);
          }}
        >
          <label className="block text-sm font-semibold text-slate-800">
            {t('test.label')}
            <input className={controlClass} value={tested} required onChange={(e) => setTested(e.target.value)} />
          </label>
          <button type="submit" className={secondaryButton} disabled={test.isPending}>
            {t('test.button')}
          </button>
        </form>
        <div className="flex items-end gap-2">
          <button
            type="button"
            className={secondaryButton}
            disabled={download.isPending}
            onClick={() => download.mutate({ path: apiRoutes.redirects.export, name: 'redirects.csv' })}
          >
            {t('csv.export')}
          </button>
          {/* The file input is hidden: its label is the button, and shows the keyboard focus it gets. */}
          <label
            className={`${secondaryButton} cursor-pointer text-center focus-within:ring-2 focus-within:ring-brand-500 focus-within:ring-offset-2`}
          >
            {t('csv.import')}
            <input
              type="file"
              accept=".csv,text/csv,text/plain"
              className="sr-only"
              onChange={(e) => {
                void onImport(e.target.files?.[0]);
                e.target.value = '';
              }}
            />
          </label>
        </div>
      </div>
      <div role="status" className="empty:hidden">
        {test.data ? (
          <p className="rounded-md bg-slate-100 px-4 py-3">
            {test.data.location ? t('test.redirected', { location: test.data.location }) : t('test.notRedirected')}
          </p>
        ) : null}
      </div>
      {test.error || download.error ? <CommandError error={test.error ?? download.error} /> : null}

      <div>
        <label className="mb-2 block max-w-sm text-sm font-semibold text-slate-800">
          {t('search')}
          <input
            type="search"
            className={controlClass}
            value={search}
            onChange={(e) => {
              setSearch(e.target.value);
              setPage(1);
            }}
          />
        </label>
        <DataTable
          caption={t('list.caption')}
          columns={[
            { header: t('list.from'), cell: (r: Redirect) => <code>{r.from}</code>, className: 'break-all' },
            { header: t('list.to'), cell: (r: Redirect) => <code>{r.to}</code>, className: 'break-all' },
            { header: t('list.keepQuery'), cell: (r: Redirect) => (r.keepQuery ? t('yes') : t('no')) },
            { header: t('list.hits'), cell: (r: Redirect) => r.hits },
            { header: t('list.lastHit'), cell: (r: Redirect) => when(r.lastHitAt) },
          ]}
          rows={redirects.data?.data}
          rowKey={(r) => r.id}
          rowName={(r) => r.from}
          emptyText={t('list.none')}
          actionsHeader={t('list.actions')}
          busy={remove.isPending}
          onEdit={(r) => edit({ id: r.id, from: r.from, to: r.to, keepQuery: r.keepQuery }, 'to')}
          onDelete={onDelete}
          status={redirects.data ? undefined : <ListStatus query={redirects} />}
        />
        <Pager
          page={page}
          pages={Math.ceil((redirects.data?.count ?? 0) / pageLength)}
          onPage={setPage}
          texts={pagerTexts(t('pager.redirects'), page, Math.ceil((redirects.data?.count ?? 0) / pageLength))}
        />
      </div>

      <div className="space-y-3">
        <h3 className="text-xl font-bold text-brand-900">{t('notFound.heading')}</h3>
        <p className="max-w-3xl text-slate-700">{t('notFound.intro')}</p>
        <fieldset className="space-y-1">
          <legend className="text-sm font-semibold text-slate-800">{t('notFound.answer')}</legend>
          {notFoundAnswers.map((answer) => (
            <label key={answer} className="flex items-center gap-2 text-sm">
              <input
                type="radio"
                name="not-found-answer"
                checked={settings.data?.answer === answer}
                disabled={!settings.data || saveSettings.isPending}
                onChange={() => saveSettings.mutate({ answer })}
              />
              {t(`notFound.answers.${answer}`)}
            </label>
          ))}
        </fieldset>
        <DataTable
          caption={t('notFound.caption')}
          columns={[
            { header: t('notFound.path'), cell: (e: NotFoundEntry) => <code>{e.path}</code>, className: 'break-all' },
            { header: t('notFound.count'), cell: (e: NotFoundEntry) => e.count },
            { header: t('notFound.bots'), cell: (e: NotFoundEntry) => e.botCount },
            { header: t('notFound.referrer'), cell: (e: NotFoundEntry) => e.referrerHost ?? '–' },
            { header: t('notFound.firstSeen'), cell: (e: NotFoundEntry) => when(e.firstSeenAt) },
            { header: t('notFound.lastSeen'), cell: (e: NotFoundEntry) => when(e.lastSeenAt) },
          ]}
          rows={log.data?.data}
          rowKey={(e) => e.id}
          rowName={(e) => e.path}
          emptyText={t('notFound.none')}
          actionsHeader={t('list.actions')}
          busy={removeEntry.isPending}
          rowActions={(entry) => (
            <span className="flex flex-wrap justify-end gap-2 max-sm:justify-start">
              <button
                type="button"
                className={`${primaryButton} ${smallButton}`}
                onClick={() => edit({ from: entry.path, to: '', keepQuery: false }, 'to')}
              >
                {t('notFound.createRedirect')}
                <span className="sr-only"> {entry.path}</span>
              </button>
              <button type="button" className={`${dangerButton} ${smallButton}`} onClick={() => removeEntry.mutate(entry.id)}>
                {t('notFound.remove')}
                <span className="sr-only"> {entry.path}</span>
              </button>
            </span>
          )}
          status={log.data ? undefined : <ListStatus query={log} />}
        />
        <Pager
          page={logPage}
          pages={Math.ceil((log.data?.count ?? 0) / pageLength)}
          onPage={setLogPage}
          texts={pagerTexts(t('pager.notFound'), logPage, Math.ceil((log.data?.count ?? 0) / pageLength))}
        />
      </div>
    </section>
  );
}
