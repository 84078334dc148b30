import { type FormEvent, type ReactNode, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ImportJob, ImportReport, ImportSkip } from '@blitz/contract';
import { primaryButton, secondaryButton, smallButton } from '../../../components/admin/button-classes';
import { CommandError } from '../../../components/admin/command-error';
import { DataTable } from '../../../components/admin/data-table';
import { FileField, TextField, controlClass } from '../../../components/admin/form-field';
import { ListStatus } from '../../../components/admin/list-status';
import { useDateTime } from '../../../lib/use-date-time';
import { type ImportInput, isRunning, useImports, usePreviewImport, useStartImport } from '../api/wordpress-import';

/** Makes a redirect from an old page's address (the redirects' own call, passed in by the dashboard). */
export type CreateRedirect = (from: string, to: string) => Promise<unknown>;

const projectLink = (id: number) => `?tab=projects&item=${id}`;
const emptyInput: Partial<ImportInput> = { categories: '', postTypes: '', siteUrl: '' };

/**
 * The import from WordPress (admins, issue 43, decision 054): choose the export (and a zip of the
 * uploads for a site already offline), read the preview, import; the job's progress, its report,
 * and from the report the next steps — the drafts to review, the alternative texts missing, the
 * old pages to redirect.
 */
export function ImportPanel({ createRedirect }: { createRedirect: CreateRedirect }) {
  const { t } = useTranslation('wordpressImport');
  const headingId = useId();
  const [input, setInput] = useState<Partial<ImportInput>>(emptyInput);
  // The preview belongs to the form as it was: a changed file or choice needs a new one.
  const [previewed, setPreviewed] = useState<{ for: Partial<ImportInput>; report: ImportReport }>();
  const [uploaded, setUploaded] = useState<number>();
  const [shownId, setShownId] = useState<number>();
  const preview = usePreviewImport();
  const start = useStartImport();
  const imports = useImports();
  const formRef = useRef<HTMLFormElement>(null);

  const complete = input.file ? (input as ImportInput) : undefined;
  const current = previewed && previewed.for === input ? previewed.report : undefined;
  const busy = preview.isPending || start.isPending;
  const jobs = imports.data?.data ?? [];
  // The one chosen from the list, else the latest: coming back to the tab, its report is still there.
  // One just started is shown from its answer until the list has it.
  const started = start.data?.id === shownId ? start.data : undefined;
  const shown = jobs.find((job) => job.id === shownId) ?? started ?? jobs[0];

  const change = (next: Partial<ImportInput>) => {
    preview.reset();
    start.reset();
    setInput({ ...input, ...next });
  };
  const onPreview = (event: FormEvent) => {
    event.preventDefault();
    if (!complete) return;
    setUploaded(0);
    preview.mutate(
      { input: complete, onProgress: setUploaded },
      { onSuccess: (report) => setPreviewed({ for: input, report }), onSettled: () => setUploaded(undefined) },
    );
  };
  const onImport = () => {
    if (!complete) return;
    setUploaded(0);
    start.mutate(
      { input: complete, onProgress: setUploaded },
      {
        onSuccess: (job) => {
          setShownId(job.id);
          setPreviewed(undefined);
          formRef.current?.reset();
          setInput(emptyInput);
          void imports.refetch();
        },
        onSettled: () => setUploaded(undefined),
      },
    );
  };

  return (
    <section aria-labelledby={headingId} className="space-y-8">
      <div className="space-y-3">
        <h2 id={headingId} className="text-2xl font-bold text-brand-900">
          {t('heading')}
        </h2>
        <p className="max-w-3xl text-slate-700">{t('intro')}</p>
      </div>

      <form ref={formRef} onSubmit={onPreview} className="grid gap-4 rounded-lg border border-slate-300 p-4 sm:grid-cols-2">
        <h3 className="text-lg font-semibold sm:col-span-2">{t('form.heading')}</h3>
        <FileField
          label={t('form.file')}
          hint={t('form.fileHint')}
          required
          accept=".xml,application/xml,text/xml"
          onChange={(e) => change({ file: e.target.files?.[0] })}
        />
        <FileField
          label={t('form.uploads')}
          hint={t('form.uploadsHint')}
          accept=".zip,application/zip"
          onChange={(e) => change({ uploads: e.target.files?.[0] ?? null })}
        />
        <TextField
          label={t('form.categories')}
          hint={t('form.categoriesHint')}
          value={input.categories}
          onChange={(e) => change({ categories: e.target.value })}
        />
        <TextField
          label={t('form.postTypes')}
          hint={t('form.postTypesHint')}
          value={input.postTypes}
          placeholder="post"
          onChange={(e) => change({ postTypes: e.target.value })}
        />
        <TextField
          label={t('form.siteUrl')}
          hint={t('form.siteUrlHint')}
          type="url"
          value={input.siteUrl}
          placeholder="https://www.example.de"
          onChange={(e) => change({ siteUrl: e.target.value })}
        />
        <div className="flex flex-wrap items-center gap-3 sm:col-span-2">
          <button type="submit" className={current ? secondaryButton : primaryButton} disabled={busy || !complete}>
            {preview.isPending ? t('form.previewing') : t('form.preview')}
          </button>
          <div role="status" className="text-sm text-slate-700 empty:hidden">
            {uploaded !== undefined ? t('form.uploading', { percent: Math.round(uploaded * 100) }) : null}
          </div>
        </div>
        {preview.error ? (
          <div className="sm:col-span-2">
            <CommandError error={preview.error} />
          </div>
        ) : null}
      </form>

      {current ? (
        <section
          aria-labelledby={`${headingId}-preview`}
          className="space-y-4 rounded-lg border border-brand-200 bg-brand-50/40 p-4"
        >
          <h3 id={`${headingId}-preview`} className="text-lg font-semibold text-brand-900">
            {t('preview.heading')}
          </h3>
          <p className="text-slate-700">{t('preview.nothingWritten')}</p>
          <ReportView report={current} createRedirect={undefined} />
          <div className="flex flex-wrap items-center gap-3">
            <button type="button" className={primaryButton} disabled={busy || current.created === 0} onClick={onImport}>
              {start.isPending ? t('preview.starting') : t('preview.import', { count: current.created })}
            </button>
            {current.created === 0 ? <p className="text-slate-700">{t('preview.nothingToImport')}</p> : null}
          </div>
          {start.error ? <CommandError error={start.error} /> : null}
        </section>
      ) : null}

      {shown ? <JobView job={shown} createRedirect={createRedirect} /> : null}

      <JobList jobs={imports.data?.data} status={imports.data ? undefined : <ListStatus query={imports} />} onShow={setShownId} />
    </section>
  );
}

/** One import: its progress while it runs, then its report (or why it failed). */
function JobView({ job, createRedirect }: { job: ImportJob; createRedirect: CreateRedirect }) {
  const { t } = useTranslation('wordpressImport');
  const headingId = useId();
  const dateTime = useDateTime();
  const { done, total } = job.progress;
  return (
    <section aria-labelledby={headingId} className="space-y-4 rounded-lg border border-slate-300 p-4">
      <h3 id={headingId} className="text-lg font-semibold text-brand-900">
        {t('job.heading', { when: dateTime(job.createdAt), by: job.createdBy })}
      </h3>
      <div role="status">
        {isRunning(job) ? (
          <div className="space-y-2">
            <p>{total > 0 ? t('job.running', { done, total }) : t('job.queued')}</p>
            <progress
              className="h-3 w-full max-w-md accent-brand-700"
              value={done}
              max={Math.max(total, 1)}
              aria-label={t('job.progress')}
            />
          </div>
        ) : job.state === 'done' ? (
          <p className="rounded-md bg-green-50 px-4 py-3 text-green-900">{t('job.done')}</p>
        ) : (
          <p className="rounded-md bg-red-50 px-4 py-3 text-red-900">{t('job.failed', { error: job.error ?? '' })}</p>
        )}
      </div>
      {job.report ? <ReportView report={job.report} createRedirect={isRunning(job) ? undefined : createRedirect} /> : null}
    </section>
  );
}

/** A report, the preview's or an import's: the counts, then each list that asks staff for something. */
function ReportView({ report, createRedirect }: { report: ImportReport; createRedirect: CreateRedirect | undefined }) {
  const { t } = useTranslation('wordpressImport');
  const draftsId = useId();
  const skipText = (skip: ImportSkip) => {
    if (!skip.code) return skip.reason;
    const detail = skip.reason.replace(/^picture not taken: /, '');
    return t(`skip.${skip.code}`, { detail });
  };
  return (
    <div className="space-y-6">
      <ul className="list-disc space-y-1 pl-6 text-slate-800">
        <li>{t(report.dryRun ? 'report.wouldCreate' : 'report.created', { count: report.created })}</li>
        {report.matched > 0 ? <li>{t('report.matched', { count: report.matched })}</li> : null}
        <li>{t('report.pictures', { fetched: report.pictures.fetched, failed: report.pictures.failed })}</li>
        <li>{t(report.dryRun ? 'report.wouldRedirect' : 'report.redirects', { count: report.redirects })}</li>
        {report.categoriesCreated.length > 0 ? (
          <li>{t('report.categories', { names: report.categoriesCreated.join(', ') })}</li>
        ) : null}
        {report.skipped.length > 0 ? <li>{t('report.skipped', { count: report.skipped.length })}</li> : null}
      </ul>

      {report.projects.length > 0 ? (
        <div className="space-y-2">
          <h4 id={draftsId} className="font-semibold text-slate-900">
            {t('projects.heading')}
          </h4>
          <p className="text-slate-700">{t('projects.hint')}</p>
          <ul aria-labelledby={draftsId} className="list-disc space-y-1 pl-6">
            {report.projects.map((project) => (
              <li key={project.id}>
                <Link className="text-brand-800 underline hover:text-brand-900" to={projectLink(project.id)}>
                  {project.title}
                </Link>
              </li>
            ))}
          </ul>
        </div>
      ) : null}

      {report.missingAlt.length > 0 ? (
        <Titled heading={t('missingAlt.caption')}>
          <DataTable
            caption={t('missingAlt.caption')}
            columns={[
              { header: t('missingAlt.post'), cell: (row) => row.item },
              { header: t('missingAlt.picture'), cell: (row) => <span className="break-all">{row.picture}</span> },
            ]}
            rows={report.missingAlt}
            rowKey={(row) => `${row.item}/${row.picture}`}
            rowName={(row) => row.picture}
            emptyText=""
            actionsHeader={t('columns.actions')}
            rowActions={(row) =>
              row.projectId === null ? null : (
                <Link className={`${secondaryButton} ${smallButton}`} to={projectLink(row.projectId)}>
                  {t('missingAlt.open')}
                  <span className="sr-only"> {row.item}</span>
                </Link>
              )
            }
          />
        </Titled>
      ) : null}

      {report.skipped.length > 0 ? (
        <Titled heading={t('skipped.caption')}>
          <DataTable
            caption={t('skipped.caption')}
            columns={[
              { header: t('skipped.item'), cell: (row) => <span className="break-words">{row.item}</span> },
              { header: t('skipped.reason'), cell: skipText },
            ]}
            rows={report.skipped}
            rowKey={(row) => `${row.item}/${row.reason}`}
            emptyText=""
          />
        </Titled>
      ) : null}

      {report.pages.length > 0 ? <PagesTable pages={report.pages} createRedirect={createRedirect} /> : null}
    </div>
  );
}

/** The old site's pages: each its address, and (after an import) a redirect to the page of ours staff pick. */
function PagesTable({ pages, createRedirect }: { pages: ImportReport['pages']; createRedirect: CreateRedirect | undefined }) {
  const { t } = useTranslation('wordpressImport');
  return (
    <Titled heading={t('pages.caption')}>
      <DataTable
        caption={t('pages.caption')}
        columns={[
          { header: t('pages.title'), cell: (page) => page.title },
          { header: t('pages.from'), cell: (page) => <code className="break-all">{page.from}</code> },
          {
            header: t('pages.to'),
            cell: (page) =>
              createRedirect ? <PageRedirect page={page} createRedirect={createRedirect} /> : (page.suggested ?? '–'),
            className: 'min-w-64',
          },
        ]}
        rows={pages}
        rowKey={(page) => page.from}
        emptyText=""
      />
    </Titled>
  );
}

function PageRedirect({ page, createRedirect }: { page: ImportReport['pages'][number]; createRedirect: CreateRedirect }) {
  const { t } = useTranslation('wordpressImport');
  const [to, setTo] = useState(page.suggested ?? '');
  const [state, setState] = useState<{ saved: string } | { error: unknown }>();
  const [pending, setPending] = useState(false);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setPending(true);
    createRedirect(page.from, to.trim())
      .then(() => setState({ saved: to.trim() }))
      .catch((error: unknown) => setState({ error }))
      .finally(() => setPending(false));
  };
  if (state && 'saved' in state) return <p className="text-green-800">{t('pages.saved', { to: state.saved })}</p>;
  return (
    <form onSubmit={onSubmit} className="space-y-2">
      <div className="flex flex-wrap items-end gap-2">
        <label className="grow text-sm">
          <span className="sr-only">{t('pages.toLabel', { from: page.from })}</span>
          <input
            className={`${controlClass} mt-0`}
            required
            value={to}
            placeholder="/contactus"
            onChange={(e) => setTo(e.target.value)}
          />
        </label>
        <button type="submit" className={`${secondaryButton} ${smallButton}`} disabled={pending}>
          {t('pages.create')}
          <span className="sr-only"> {page.from}</span>
        </button>
      </div>
      {state && 'error' in state ? <CommandError error={state.error} /> : null}
    </form>
  );
}

/** The latest imports, each with its state and a way to show its report. */
function JobList({ jobs, status, onShow }: { jobs: ImportJob[] | undefined; status: ReactNode; onShow: (id: number) => void }) {
  const { t } = useTranslation('wordpressImport');
  const dateTime = useDateTime();
  return (
    <Titled heading={t('list.caption')}>
      <DataTable
        caption={t('list.caption')}
        columns={[
          { header: t('list.createdAt'), cell: (job) => dateTime(job.createdAt) },
          { header: t('list.by'), cell: (job) => job.createdBy },
          {
            header: t('list.state'),
            cell: (job) =>
              isRunning(job)
                ? t('list.running', { done: job.progress.done, total: job.progress.total })
                : job.state === 'done'
                  ? t('list.done', { count: job.report?.created ?? 0 })
                  : t('list.failed'),
          },
        ]}
        rows={jobs}
        rowKey={(job) => job.id}
        rowName={(job) => dateTime(job.createdAt)}
        emptyText={t('list.none')}
        actionsHeader={t('columns.actions')}
        rowActions={(job) => (
          <button type="button" className={`${secondaryButton} ${smallButton}`} onClick={() => onShow(job.id)}>
            {t('list.show')}
            <span className="sr-only"> {dateTime(job.createdAt)}</span>
          </button>
        )}
        status={status}
      />
    </Titled>
  );
}

/** A table with its caption shown as a heading too (the dashboard's tables carry theirs for screen readers only). */
function Titled({ heading, children }: { heading: string; children: ReactNode }) {
  return (
    <div className="space-y-2">
      <h4 aria-hidden="true" className="font-semibold text-slate-900">
        {heading}
      </h4>
      {children}
    </div>
  );
}
