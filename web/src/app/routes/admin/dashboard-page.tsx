import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type DashboardFirstView,
  type RouteAccess,
  apiRoutes,
  berlinDate,
  dashboardFirstViewKey,
  mayAccess,
} from '@blitz/contract';
import { DashboardHeader } from '../../../features/auth/components/dashboard-header';
import { type DashboardSection, DashboardTabs, useOpenTab } from '../../../components/admin/dashboard-tabs';
import { UnsavedChangesProvider } from '../../../components/admin/unsaved-changes-provider';
import type { AdminSession } from '../../../features/auth/api/sign-in';
import { RequireAdmin } from '../../../features/auth/components/require-admin';
import { useSecondFactorStatus } from '../../../features/auth/api/second-factor';
import { type LazyPanel, lazyPanel } from '../../../components/admin/lazy-panel';
import { auditNamespaces } from '../../../features/audit/audit-namespaces';
import { usePageMeta } from '../../../lib/page-meta';
import { createQueryClient } from '../../../lib/query-client';
import { unreadQueryOptions, useUnreadInquiries } from '../../../features/inbox/api/unread-count';
import { emptyInboxFilter, inquiriesQueryOptions } from '../../../features/inbox/api/inquiries';
import { prepareSession } from '../../../features/auth/api/early-session-check';
import { readToken } from '../../../lib/auth-token';
import { type ApiQuery, readAhead } from '../../../lib/api-client';
import { whenIdle } from '../../../lib/when-idle';
import { GoLiveChecklist } from '../../../features/go-live/components/go-live-checklist';
import { checklistQueryOptions, useChecklist } from '../../../features/go-live/api/checklist';
import { documentPageData, usePageData } from '../../../lib/ssr/page-data';
import { ServedSessionProvider } from '../../../features/auth/hooks/served-session';
import { type ServedFirstView, readServedFirstView, servedFor } from './served-first-view';
import { countsQuery, firstPeriod } from '../../../features/statistics/api/period';

// Each area's code, its texts and what only it uses load when its tab is first opened (or
// touched): the first view carries the one area it shows (issue 46).
// The second argument: the area's namespaces (the dashboard's own, 'admin', is loaded with the page).
const AccountsPanel = lazyPanel(
  () => import('../../../features/accounts/components/accounts-panel').then((m) => m.AccountsPanel),
  ['accounts', 'inbox'],
);
const CategoriesPanel = lazyPanel(
  () => import('../../../features/category-editing/components/categories-panel').then((m) => m.CategoriesPanel),
  ['categoryEditing'],
);
const ProjectsSection = lazyPanel(() => import('./projects-section').then((m) => m.ProjectsSection), ['projectEditing']);
// Only whoever signs in with the generated first password needs its form.
const RequiredPasswordChange = lazyPanel(() =>
  import('../../../features/auth/components/required-password-change').then((m) => m.RequiredPasswordChange),
);
// Its QR code's drawing is loaded only by whoever sets up a second factor.
const RequiredSecondFactor = lazyPanel(() =>
  import('../../../features/auth/components/required-second-factor').then((m) => m.RequiredSecondFactor),
);
const SecondFactorPanel = lazyPanel(() =>
  import('../../../features/auth/components/second-factor-panel').then((m) => m.SecondFactorPanel),
);
const SessionsPanel = lazyPanel(() => import('../../../features/auth/components/sessions-panel').then((m) => m.SessionsPanel));
const CompanyPanel = lazyPanel(
  () => import('../../../features/company-details/components/company-panel').then((m) => m.CompanyPanel),
  ['companyDetails'],
);
const InboxPanel = lazyPanel(() => import('../../../features/inbox/components/inbox-panel').then((m) => m.InboxPanel));
const MailSettingsPanel = lazyPanel(
  () => import('../../../features/mail-settings/components/mail-settings-panel').then((m) => m.MailSettingsPanel),
  ['mailSettings'],
);
const InquiryTypesPanel = lazyPanel(
  () => import('../../../features/inquiry-types/components/inquiry-types-panel').then((m) => m.InquiryTypesPanel),
  ['inquiryTypes'],
);
const StatisticsPanel = lazyPanel(
  () => import('../../../features/statistics/components/statistics-panel').then((m) => m.StatisticsPanel),
  ['statistics'],
);
const JobsPanel = lazyPanel(
  () => import('../../../features/job-editing/components/jobs-panel').then((m) => m.JobsPanel),
  ['jobEditing'],
);
const PagesSection = lazyPanel(() => import('./pages-section').then((m) => m.PagesSection), ['pageEditing', 'sectionEditing']);
const NewsSection = lazyPanel(() => import('./news-section').then((m) => m.NewsSection), ['newsEditing', 'sectionEditing']);
const FilesPanel = lazyPanel(() => import('../../../features/files/components/files-panel').then((m) => m.FilesPanel), ['files']);
const TextsPanel = lazyPanel(
  () => import('../../../features/text-editing/components/texts-panel').then((m) => m.TextsPanel),
  ['textEditing'],
);
const TrashPanel = lazyPanel(() => import('../../../features/trash/components/trash-panel').then((m) => m.TrashPanel), ['trash']);
// The trail names fields as the forms do: it reads their texts too (audit-words.ts).
const AuditPanel = lazyPanel(
  () => import('../../../features/audit/components/audit-panel').then((m) => m.AuditPanel),
  auditNamespaces,
);
const BackupsPanel = lazyPanel(
  () => import('../../../features/backups/components/backups-panel').then((m) => m.BackupsPanel),
  ['backups'],
);
const RedirectsPanel = lazyPanel(
  () => import('../../../features/redirects/components/redirects-panel').then((m) => m.RedirectsPanel),
  ['redirects'],
);
const ImportSection = lazyPanel(() => import('./import-section').then((m) => m.ImportSection), ['wordpressImport']);
// Data-subject requests (decision 049): it names inquiry types and states as the inbox does.
const PrivacyPanel = lazyPanel(
  () => import('../../../features/privacy/components/privacy-panel').then((m) => m.PrivacyPanel),
  ['privacy', 'inbox'],
);

// Above the tabs for an admin. The go-live checklist is part of the first view, read without zod
// and prefetched with the list, so that it does not push the tabs down after the first paint. The
// site-address notice (rarely shown) loads once the browser is idle after it, and only where it may
// have something to say (SiteAddressNoticeWhenDue).
const SiteAddressNotice = lazyPanel(
  () => import('../../../features/company-details/components/site-address-notice').then((m) => m.SiteAddressNotice),
  [],
  null,
);

/**
 * Its children once the browser is idle. The state is its own: becoming idle re-renders only them,
 * not the whole dashboard with its list (issue 46: that re-render was a long task of its own).
 */
function AfterIdle({ children }: { children: ReactNode }) {
  const [idle, setIdle] = useState(false);
  useEffect(() => whenIdle(() => setIdle(true)), []);
  return idle ? children : null;
}

/**
 * The site-address notice, once the real company is in place (the checklist, part of the first
 * view, tells: the details item is done) and the browser is idle. Until then the checklist asks for
 * the company's details first and the notice has nothing to say, so its code is not loaded at all.
 */
function SiteAddressNoticeWhenDue({ onOpen }: { onOpen: () => void }) {
  const checklist = useChecklist();
  const companyInPlace = checklist.data?.items.some((item) => item.key === 'companyDetails' && item.done);
  if (!companyInPlace) return null;
  return (
    <AfterIdle>
      <SiteAddressNotice onOpen={onOpen} />
    </AfterIdle>
  );
}

let preparedClient: QueryClient | undefined;
/** Past the first render, nothing is prepared any more (a preparation that took too long). */
let rendered = false;

/**
 * What the first view shows, fetched before the first render (admin-routes.tsx, prepareDashboard):
 * the session, and where the dashboard lands on the inbox, its code and the list's answers (the
 * early script has asked for them already: lib/early-requests.ts). The first render then shows
 * the list, instead of "checking", a spinner and a render for each answer.
 */
export async function prepareFirstView(): Promise<void> {
  const token = readToken();
  // The server rendered the first view into the page: its answers are there (decision 067).
  const view = documentPageData<DashboardFirstView>(dashboardFirstViewKey);
  if (servedFor(view, token)) {
    await InboxPanel.preload();
    // Read in a task of its own, not in the first render's: 20 ms on a slow phone (issue 46).
    await new Promise((resolve) => setTimeout(resolve, 0));
    servedRead = { view, read: readServedFirstView(view) };
    return;
  }
  const session = token ? await prepareSession(token) : undefined;
  if (!session || session.passwordChangeRequired || session.secondFactorSetupRequired) return;
  const tab = new URLSearchParams(window.location.search).get('tab');
  if (!mayAccess(session.role, 'inbox') || (tab !== null && tab !== 'inquiries')) return;
  if (rendered) return;
  const queryClient = createQueryClient();
  preparedClient = queryClient;
  await Promise.all([
    InboxPanel.preload(),
    queryClient.prefetchQuery(inquiriesQueryOptions(emptyInboxFilter, 1)),
    queryClient.prefetchQuery(inquiriesQueryOptions({ ...emptyInboxFilter, spam: true }, 1, 1)),
    queryClient.prefetchQuery(unreadQueryOptions()),
    session.role === 'admin' ? queryClient.prefetchQuery(checklistQueryOptions()) : undefined,
  ]);
}

/** In the browser the server's first view is taken once: a later mount (signed in again) asks anew. */
let servedTaken = false;
/** The server's first view as prepareFirstView read it, for the first render to take. */
let servedRead: { view: DashboardFirstView; read: ServedFirstView | undefined } | undefined;

/**
 * The first view the server rendered the page with, read: on the server for every render (each
 * request its own), in the browser once and only for the stored token's sign-in.
 */
function takeServedFirstView(view: DashboardFirstView | undefined): ServedFirstView | undefined {
  if (typeof window === 'undefined') return view && readServedFirstView(view);
  if (servedTaken || !servedFor(view, readToken())) return undefined;
  servedTaken = true;
  const read = servedRead?.view === view ? servedRead.read : readServedFirstView(view);
  servedRead = undefined;
  return read;
}

/** The guarded dashboard (SPEC.md §2): its areas as tabs. */
export default function DashboardPage() {
  usePageMeta('dashboard');
  const servedView = usePageData<DashboardFirstView>(dashboardFirstViewKey);
  const [served] = useState(() => takeServedFirstView(servedView));
  // Its own query client: the lists' cache lives and dies with the admin area (the first one
  // holds what the server rendered the page with, or what prepareFirstView fetched).
  const [queryClient] = useState(() => {
    rendered = true;
    const prepared = preparedClient;
    preparedClient = undefined;
    return served?.queryClient ?? prepared ?? createQueryClient();
  });
  return (
    <ServedSessionProvider value={served?.session}>
      <QueryClientProvider client={queryClient}>
        <div className="mx-auto max-w-7xl px-4 py-8 sm:py-10">
          <RequireAdmin>
            {(session) => (
              <UnsavedChangesProvider>
                <Dashboard session={session} />
              </UnsavedChangesProvider>
            )}
          </RequireAdmin>
        </div>
      </QueryClientProvider>
    </ServedSessionProvider>
  );
}

/**
 * The header, and the areas once the password is one the user chose (from the form here or the
 * header's) and — where the site requires it — two-step sign-in is set up.
 */
function Dashboard({ session }: { session: AdminSession }) {
  const [changed, setChanged] = useState(false);
  const onPasswordChanged = () => setChanged(true);
  const passwordPending = session.passwordChangeRequired && !changed;
  // Asked for only where sign-in said a set-up is due; otherwise read from what the panel loads.
  // Once there, the status decides: it changes with a set-up or switch-off made here.
  const status = useSecondFactorStatus({ enabled: !passwordPending && session.secondFactorSetupRequired });
  const setupPending = status.data ? status.data.required && !status.data.enabled : session.secondFactorSetupRequired;
  // Once shown, the set-up stays until the user is done with it: its dialog holds the recovery
  // codes, which a status reload (say, on reconnect) must not take away. Done, it stays away
  // until the status has caught up (and comes back if the factor is turned off again).
  const [setup, setSetup] = useState<'none' | 'shown' | 'done'>('none');
  if (setupPending && setup === 'none') setSetup('shown');
  if (!setupPending && setup === 'done') setSetup('none');
  return (
    <>
      {/* The name can wait until the password and the second factor are done (the server refuses it before). */}
      <DashboardHeader
        session={session}
        onPasswordChanged={onPasswordChanged}
        mayRename={!passwordPending && setup !== 'shown'}
      />
      {passwordPending ? (
        <RequiredPasswordChange onChanged={onPasswordChanged} />
      ) : setup === 'shown' ? (
        <RequiredSecondFactor onFinished={() => setSetup('done')} />
      ) : (
        <Sections session={session} />
      )}
    </>
  );
}

/**
 * A first read of a tab: an address, or an address with the query its list's first page asks
 * with (made at the touch, where it depends on the day). Written out here, where the tab's own
 * code builds it: the browser test `dashboard-reads-ahead.e2e.ts` fails when the two differ (a
 * second read, never a wrong answer).
 */
type FirstRead = string | readonly [path: string, query: ApiQuery] | (() => readonly [path: string, query: ApiQuery]);

/**
 * One tab: its area's code starts loading when the tab is touched or focused. `reads`: the
 * addresses its first render asks for, started at the touch of its first opening, so that they
 * run while its code loads (issue 46; api-client.ts, `readAhead`).
 */
function area<P extends object>(
  id: string,
  access: RouteAccess,
  label: string,
  Panel: LazyPanel<P>,
  props: P,
  reads: readonly FirstRead[] = [],
): DashboardSection & { access: RouteAccess } {
  return {
    id,
    access,
    label,
    preload: Panel.preload,
    readAhead: () => {
      if (Panel.isLoaded()) return;
      for (const read of reads) {
        if (typeof read === 'string') readAhead(read);
        else readAhead(...(typeof read === 'function' ? read() : read));
      }
    },
    render: () => <Panel {...props} />,
  };
}

/** The tabs, each with what its routes serve: a role sees only the tabs it may use (issue 31). */
function Sections({ session }: { session: AdminSession }) {
  const { t } = useTranslation(['admin', 'inbox']);
  const openTab = useOpenTab();
  const areasId = useId();
  const unread = useUnreadInquiries(mayAccess(session.role, 'inbox'));
  const all: (DashboardSection & { access: RouteAccess })[] = [
    area('categories', 'content', t('tabs.categories'), CategoriesPanel, {}, [apiRoutes.categories.list]),
    area('projects', 'content', t('tabs.projects'), ProjectsSection, {}, [
      [apiRoutes.projects.list, { PageLength: 10, PageNumber: 1 }],
      apiRoutes.categories.list,
    ]),
    area('jobs', 'content', t('tabs.jobs'), JobsPanel, {}, [[apiRoutes.jobs.list, { PageLength: 100 }]]),
    area('pages', 'content', t('tabs.pages'), PagesSection, {}, [
      [apiRoutes.customPages.list, { PageLength: 100, PageNumber: 1 }],
      apiRoutes.categories.list,
    ]),
    area('news', 'content', t('tabs.news'), NewsSection, {}, [
      apiRoutes.news.home,
      [apiRoutes.news.list, { PageLength: 50, PageNumber: 1 }],
      apiRoutes.categories.list,
    ]),
    area('files', 'content', t('tabs.files'), FilesPanel, {}, [apiRoutes.files.list]),
    area('company', 'admin', t('tabs.company'), CompanyPanel, {}, [apiRoutes.companyDetails, apiRoutes.siteAddress]),
    area('mail', 'admin', t('tabs.mail'), MailSettingsPanel, {}, [
      apiRoutes.mailSettings.settings,
      apiRoutes.mailTemplates.templates,
    ]),
    area('forms', 'admin', t('tabs.inquiryTypes'), InquiryTypesPanel, {}),
    area('texts', 'content', t('tabs.texts'), TextsPanel, {}, [apiRoutes.siteTexts.texts]),
    area('trash', 'content', t('tabs.trash'), TrashPanel, { mayEmpty: session.role === 'admin' }, [apiRoutes.trash.list]),
    {
      ...area('inquiries', 'inbox', t('inbox:tab'), InboxPanel, {
        subjects: session.inquiryTypes ?? undefined,
        retentionEditable: session.role === 'admin',
      }),
      count: unread.data ? { value: unread.data, label: t('inbox:tabUnread', { count: unread.data }) } : undefined,
    },
    area('statistics', 'admin', t('tabs.statistics'), StatisticsPanel, {}, [
      apiRoutes.statistics.summary,
      () => [apiRoutes.statistics.counts, countsQuery(firstPeriod(berlinDate()))],
    ]),
    area('redirects', 'admin', t('tabs.redirects'), RedirectsPanel, {}, [
      [apiRoutes.redirects.list, { PageNumber: 1, PageLength: 20 }],
      [apiRoutes.notFound.list, { PageNumber: 1, PageLength: 20 }],
      apiRoutes.notFound.settings,
    ]),
    area('import', 'admin', t('tabs.import'), ImportSection, {}, [apiRoutes.imports.list]),
    area('audit', 'admin', t('tabs.audit'), AuditPanel, {}, [
      [apiRoutes.audit.list, { PageNumber: 1, PageLength: 50 }],
      apiRoutes.categories.list,
    ]),
    area('backups', 'admin', t('tabs.backups'), BackupsPanel, {}, [apiRoutes.backup.list]),
    area('privacy', 'admin', t('tabs.privacy'), PrivacyPanel, {}),
    area('accounts', 'admin', t('tabs.accounts'), AccountsPanel, { self: session.username }, [apiRoutes.users.list]),
    area('sessions', 'self', t('tabs.sessions'), SessionsPanel, {}, [apiRoutes.auth.sessions]),
    area('second-factor', 'self', t('tabs.secondFactor'), SecondFactorPanel, {}, [apiRoutes.auth.secondFactor]),
  ];
  const sections: DashboardSection[] = all.filter((section) => mayAccess(session.role, section.access));
  const admin = session.role === 'admin';
  return (
    <>
      {admin && <SiteAddressNoticeWhenDue onOpen={() => openTab('company')} />}
      {admin && (
        <GoLiveChecklist
          openTab={(tab) => {
            openTab(tab);
            // On a phone the tabs are below the checklist: bring the opened one into view.
            document.getElementById(areasId)?.scrollIntoView({ block: 'start' });
          }}
        />
      )}
      <div id={areasId}>
        {/* Whoever may read inquiries starts on them (the first week is about answering them); the others on their first tab. */}
        <DashboardTabs sections={sections} label={t('dashboard.sections')} initial="inquiries" />
      </div>
    </>
  );
}
