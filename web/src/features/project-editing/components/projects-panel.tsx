import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type Category, type Project, contentLanguageOf, pickText } from '@blitz/contract';
import {
  type AdminProjectFilter,
  adminPageLengthOptions,
  defaultAdminProjectFilter,
  useAdminProjects,
  fetchProject,
  useDeleteProject,
} from '../api/projects';
import { useRowActions } from '../../../components/admin/use-row-actions';
import { DataTable } from '../../../components/admin/data-table';
import { ListStatus } from '../../../components/admin/list-status';
import { LocalizedList } from '../../../components/admin/localized-list';
import { Pager } from '../../../components/admin/pager';
import { PanelHeader } from '../../../components/admin/panel-header';
import { secondaryButton, smallButton } from '../../../components/admin/button-classes';
import { ItemMissNotice, useOpenItemById } from '../../../components/admin/opened-item';
import { lazyPanel, useListDialog } from '../../../components/admin/lazy-panel';
import { ProjectStateBadge } from './project-state';

// The dialog (its form, pictures and search entry) and the reorder view are not needed for the
// list: their code loads once the list has shown and the browser is idle, or when first asked for
// (issue 46, decision 071). The dialog shows nothing while its code loads.
const ProjectModal = lazyPanel(() => import('./project-modal').then((m) => m.ProjectModal), [], null);
const ProjectOrderView = lazyPanel(() => import('./project-order-view').then((m) => m.ProjectOrderView));
const preloadViews = () => Promise.all([ProjectModal.preload(), ProjectOrderView.preload()]);

const control = 'mt-1 block w-full rounded-md border border-slate-400 bg-white px-3 py-2 text-slate-900';
const sorts = ['position', 'newest', 'oldest', 'updated'] as const;
/** How long typing in the search box pauses before the list is asked for. */
const searchDelayMs = 300;

/**
 * Projects: the list (search of titles and locations, filters by category and featuring, an
 * order, a page size; Add, Edit, Delete) and the reorder view (the staff's order of the gallery
 * and the home page's selection). The categories to choose from come from the dashboard.
 */
export function ProjectsPanel({ categories }: { categories: Category[] }) {
  const { t, i18n } = useTranslation('projectEditing');
  const headingId = useId();
  const fieldId = useId();
  const [view, setView] = useState<'list' | 'order'>('list');
  const [filter, setFilter] = useState<AdminProjectFilter>(defaultAdminProjectFilter);
  const projects = useAdminProjects(filter);
  // The search box asks the server once typing pauses, not at every key.
  const [searchText, setSearchText] = useState(filter.search);
  useEffect(() => {
    if (searchText === filter.search) return;
    const timer = setTimeout(() => setFilter((current) => ({ ...current, page: 1, search: searchText })), searchDelayMs);
    return () => clearTimeout(timer);
  }, [searchText, filter.search]);
  const language = contentLanguageOf(i18n.language === 'en' ? 'en' : 'de');
  const name = (p: Project) => pickText(p.title, language) || p.location || `#${p.id}`;
  const actions = useRowActions<Project>(useDeleteProject(), {
    title: (p) => t('deleteTitle', { name: name(p) }),
    message: t('confirmDelete'),
  });
  // The audit trail's "Open" names a project in the address: its modal opens, wherever it is in the list.
  const named = useOpenItemById(fetchProject, actions.open);
  const dialogWanted = useListDialog(actions.modal.open, projects.data !== undefined, preloadViews);

  const pages = Math.max(1, Math.ceil((projects.data?.count ?? 0) / filter.pageLength));
  // After deleting the last project of the last page, show the page before it.
  if (projects.data && filter.page > pages) setFilter({ ...filter, page: pages });
  // Any change but the page's starts at the first page.
  const change = (values: Partial<AdminProjectFilter>) => setFilter({ ...filter, page: 1, ...values });
  const categoryName = (c: Category) => pickText(c.translation, language) || c.name;

  return (
    <section aria-labelledby={headingId}>
      <PanelHeader
        id={headingId}
        title={t('heading')}
        addLabel={t('add')}
        onAdd={() => actions.open()}
        error={actions.remove.error}
      />
      <ItemMissNotice miss={named.miss} onDismiss={named.dismiss} />
      <div role="group" aria-label={t('views.label')} className="mb-4 flex flex-wrap gap-2">
        {(['list', 'order'] as const).map((option) => (
          <button
            key={option}
            type="button"
            aria-pressed={view === option}
            className={`${secondaryButton} ${smallButton} aria-pressed:border-brand-700 aria-pressed:bg-brand-700 aria-pressed:text-white`}
            onClick={() => setView(option)}
          >
            {t(`views.${option}`)}
          </button>
        ))}
      </div>
      {view === 'order' ? (
        <ProjectOrderView />
      ) : (
        <>
          <form
            role="search"
            aria-label={t('filters.label')}
            className="mb-4 grid gap-3 sm:grid-cols-2 lg:grid-cols-7"
            onSubmit={(event) => event.preventDefault()}
          >
            <div className="text-sm font-medium text-slate-800 lg:col-span-2">
              <label htmlFor={`${fieldId}-search`}>{t('filters.search')}</label>
              <input
                id={`${fieldId}-search`}
                type="search"
                className={control}
                value={searchText}
                maxLength={200}
                onChange={(event) => setSearchText(event.target.value)}
              />
            </div>
            <div className="text-sm font-medium text-slate-800">
              <label htmlFor={`${fieldId}-category`}>{t('filters.category')}</label>
              <select
                id={`${fieldId}-category`}
                className={control}
                value={filter.categoryId ?? ''}
                onChange={(event) => change({ categoryId: event.target.value ? Number(event.target.value) : undefined })}
              >
                <option value="">{t('filters.allCategories')}</option>
                {categories.map((c) => (
                  <option key={c.id} value={c.id}>
                    {categoryName(c)}
                  </option>
                ))}
              </select>
            </div>
            <div className="text-sm font-medium text-slate-800">
              <label htmlFor={`${fieldId}-featured`}>{t('filters.featured')}</label>
              <select
                id={`${fieldId}-featured`}
                className={control}
                value={filter.featured}
                onChange={(event) => change({ featured: event.target.value as AdminProjectFilter['featured'] })}
              >
                {(['all', 'featured', 'other'] as const).map((option) => (
                  <option key={option} value={option}>
                    {t(`filters.featuredOptions.${option}`)}
                  </option>
                ))}
              </select>
            </div>
            <div className="text-sm font-medium text-slate-800">
              <label htmlFor={`${fieldId}-state`}>{t('filters.state')}</label>
              <select
                id={`${fieldId}-state`}
                className={control}
                value={filter.state}
                onChange={(event) => change({ state: event.target.value as AdminProjectFilter['state'] })}
              >
                {(['all', 'published', 'draft'] as const).map((option) => (
                  <option key={option} value={option}>
                    {t(`filters.stateOptions.${option}`)}
                  </option>
                ))}
              </select>
            </div>
            <div className="grid grid-cols-2 gap-3 lg:col-span-2">
              <div className="text-sm font-medium text-slate-800">
                <label htmlFor={`${fieldId}-sort`}>{t('filters.sort')}</label>
                <select
                  id={`${fieldId}-sort`}
                  className={control}
                  value={filter.sort}
                  onChange={(event) => change({ sort: event.target.value as AdminProjectFilter['sort'] })}
                >
                  {sorts.map((option) => (
                    <option key={option} value={option}>
                      {t(`filters.sortOptions.${option}`)}
                    </option>
                  ))}
                </select>
              </div>
              <div className="text-sm font-medium text-slate-800">
                <label htmlFor={`${fieldId}-pageLength`}>{t('filters.pageLength')}</label>
                <select
                  id={`${fieldId}-pageLength`}
                  className={control}
                  value={filter.pageLength}
                  onChange={(event) => change({ pageLength: Number(event.target.value) })}
                >
                  {adminPageLengthOptions.map((option) => (
                    <option key={option} value={option}>
                      {option}
                    </option>
                  ))}
                </select>
              </div>
            </div>
          </form>
          <p aria-live="polite" className="mb-2 text-sm text-slate-700">
            {projects.data ? t('filters.count', { count: projects.data.count }) : ''}
          </p>
          <DataTable
            caption={t('caption')}
            columns={[
              { header: t('columns.id'), cell: (p) => p.id, className: 'tabular-nums' },
              { header: t('columns.position'), cell: (p) => p.position, className: 'tabular-nums' },
              { header: t('columns.title'), cell: (p) => <LocalizedList texts={p.title} />, className: 'min-w-56' },
              { header: t('columns.state'), cell: (p) => <ProjectStateBadge project={p} /> },
              { header: t('columns.location'), cell: (p) => p.location },
              { header: t('columns.client'), cell: (p) => p.client },
              {
                header: t('columns.category'),
                cell: (p) => (p.category ? pickText(p.category.translation, language) || p.category.name : t('noCategory')),
              },
              {
                header: t('columns.featured'),
                cell: (p) => (p.featured ? t('featuredYes') : t('noCategory')),
              },
            ]}
            rows={projects.data?.data}
            rowKey={(p) => p.id}
            rowName={name}
            emptyText={t('empty')}
            actionsHeader={t('columns.actions')}
            onEdit={actions.open}
            onDelete={actions.confirmDelete}
            busy={actions.remove.isPending}
            status={projects.data ? undefined : <ListStatus query={projects} />}
          />
          <Pager
            page={Math.min(filter.page, pages)}
            pages={pages}
            onPage={(page) => setFilter({ ...filter, page })}
            texts={{
              label: t('pager.label'),
              previous: t('pager.previous'),
              next: t('pager.next'),
              status: t('pager.page', { page: Math.min(filter.page, pages), pages }),
            }}
          />
        </>
      )}
      {actions.confirmDialog}
      {dialogWanted && (
        <ProjectModal open={actions.modal.open} project={actions.modal.row} categories={categories} onClose={actions.close} />
      )}
    </section>
  );
}
