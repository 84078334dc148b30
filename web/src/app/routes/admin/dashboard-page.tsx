import { QueryClientProvider } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { type RouteAccess, mayAccess } from '@blitz/contract';
import { AccountsPanel } from '../../../features/accounts/components/accounts-panel';
import { useCategories } from '../../../features/category-editing/api/categories';
import { CategoriesPanel } from '../../../features/category-editing/components/categories-panel';
import { DashboardHeader } from '../../../features/auth/components/dashboard-header';
import { type DashboardSection, DashboardTabs } from '../../../components/admin/dashboard-tabs';
import { UnsavedChangesProvider } from '../../../components/admin/unsaved-changes-provider';
import { ProjectsPanel } from '../../../features/project-editing/components/projects-panel';
import type { AdminSession } from '../../../features/auth/api/sign-in';
import { RequireAdmin } from '../../../features/auth/components/require-admin';
import { RequiredPasswordChange } from '../../../features/auth/components/required-password-change';
import { RequiredSecondFactor } from '../../../features/auth/components/required-second-factor';
import { useSecondFactorStatus } from '../../../features/auth/api/second-factor';
import { SecondFactorPanel } from '../../../features/auth/components/second-factor-panel';
import { SessionsPanel } from '../../../features/auth/components/sessions-panel';
import { CompanyPanel } from '../../../features/company-details/components/company-panel';
import { SiteAddressNotice } from '../../../features/company-details/components/site-address-notice';
import { GoLiveChecklist } from '../../../features/go-live/components/go-live-checklist';
import { InboxPanel } from '../../../features/inbox/components/inbox-panel';
import { MailSettingsPanel } from '../../../features/mail-settings/components/mail-settings-panel';
import { StatisticsPanel } from '../../../features/statistics/components/statistics-panel';
import { JobsPanel } from '../../../features/job-editing/components/jobs-panel';
import { TextsPanel } from '../../../features/text-editing/components/texts-panel';
import { TrashPanel } from '../../../features/trash/components/trash-panel';
import { AuditPanel } from '../../../features/audit/components/audit-panel';
import { BackupsPanel } from '../../../features/backups/components/backups-panel';
import { usePageMeta } from '../../../lib/page-meta';
import { createQueryClient } from '../../../lib/query-client';

/** The guarded dashboard (SPEC.md §2): its areas as tabs. */
export default function DashboardPage() {
  usePageMeta('dashboard');
  // Its own query client: the lists' cache lives and dies with the admin area.
  const [queryClient] = useState(createQueryClient);
  return (
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

/** The projects' area, with the categories a project can be given. */
function ProjectsSection() {
  const categories = useCategories();
  return <ProjectsPanel categories={categories.data?.data ?? []} />;
}

/** The tabs, each with what its routes serve: a role sees only the tabs it may use (issue 31). */
function Sections({ session }: { session: AdminSession }) {
  const { t } = useTranslation(['admin', 'inbox', 'statistics']);
  const [, setParams] = useSearchParams();
  const areasId = useId();
  const all: (DashboardSection & { access: RouteAccess })[] = [
    { id: 'categories', access: 'content', label: t('tabs.categories'), render: () => <CategoriesPanel /> },
    { id: 'projects', access: 'content', label: t('tabs.projects'), render: () => <ProjectsSection /> },
    { id: 'jobs', access: 'content', label: t('tabs.jobs'), render: () => <JobsPanel /> },
    { id: 'company', access: 'admin', label: t('tabs.company'), render: () => <CompanyPanel /> },
    { id: 'mail', access: 'admin', label: t('tabs.mail'), render: () => <MailSettingsPanel /> },
    { id: 'texts', access: 'content', label: t('tabs.texts'), render: () => <TextsPanel /> },
    { id: 'trash', access: 'content', label: t('tabs.trash'), render: () => <TrashPanel mayEmpty={session.role === 'admin'} /> },
    {
      id: 'inquiries',
      access: 'inbox',
      label: t('inbox:tab'),
      render: () => <InboxPanel subjects={session.inquiryTypes ?? undefined} retentionEditable={session.role === 'admin'} />,
    },
    { id: 'statistics', access: 'admin', label: t('statistics:tab'), render: () => <StatisticsPanel /> },
    { id: 'audit', access: 'admin', label: t('tabs.audit'), render: () => <AuditPanel /> },
    { id: 'backups', access: 'admin', label: t('tabs.backups'), render: () => <BackupsPanel /> },
    { id: 'accounts', access: 'admin', label: t('tabs.accounts'), render: () => <AccountsPanel self={session.username} /> },
    { id: 'sessions', access: 'self', label: t('tabs.sessions'), render: () => <SessionsPanel /> },
    { id: 'second-factor', access: 'self', label: t('tabs.secondFactor'), render: () => <SecondFactorPanel /> },
  ];
  const sections: DashboardSection[] = all.filter((section) => mayAccess(session.role, section.access));
  const admin = session.role === 'admin';
  const openCompany = () =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.set('tab', 'company');
        return next;
      },
      { replace: true },
    );
  return (
    <>
      {admin && <SiteAddressNotice onOpen={openCompany} />}
      {admin && (
        <GoLiveChecklist
          openTab={(tab) => {
            setParams(
              (current) => {
                const next = new URLSearchParams(current);
                next.set('tab', tab);
                return next;
              },
              { replace: true },
            );
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
