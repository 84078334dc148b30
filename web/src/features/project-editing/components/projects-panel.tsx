import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type Category, type Project, contentLanguageOf, pickText } from '@blitz/contract';
import { adminPageLength, useAdminProjects, useDeleteProject } from '../api/projects';
import { useRowActions } from '../../../components/admin/use-row-actions';
import { DataTable } from '../../../components/admin/data-table';
import { ListStatus } from '../../../components/admin/list-status';
import { LocalizedList } from '../../../components/admin/localized-list';
import { Pager } from '../../../components/admin/pager';
import { PanelHeader } from '../../../components/admin/panel-header';
import { ProjectModal } from './project-modal';

/**
 * Projects: table with ID, Title per language, Location, Client, Category and Actions; paged; Add, Edit, Delete.
 * The categories to choose from come from the dashboard, which reads them with the categories' editing.
 */
export function ProjectsPanel({ categories }: { categories: Category[] }) {
  const { t, i18n } = useTranslation('admin');
  const headingId = useId();
  const [requestedPage, setPage] = useState(1);
  const projects = useAdminProjects(requestedPage);
  const actions = useRowActions<Project>(useDeleteProject(), t('projects.confirmDelete'));
  const language = contentLanguageOf(i18n.language === 'en' ? 'en' : 'de');

  const pages = Math.max(1, Math.ceil((projects.data?.count ?? 0) / adminPageLength));
  // After deleting the last project of the last page, show the page before it.
  const page = projects.data && requestedPage > pages ? pages : requestedPage;
  if (page !== requestedPage) setPage(page);

  return (
    <section aria-labelledby={headingId}>
      <PanelHeader
        id={headingId}
        title={t('projects.heading')}
        addLabel={t('projects.add')}
        onAdd={() => actions.open()}
        error={actions.remove.error}
      />
      <DataTable
        caption={t('projects.caption')}
        columns={[
          { header: t('projects.columns.id'), cell: (p) => p.id, className: 'tabular-nums' },
          { header: t('projects.columns.title'), cell: (p) => <LocalizedList texts={p.title} />, className: 'min-w-56' },
          { header: t('projects.columns.location'), cell: (p) => p.location },
          { header: t('projects.columns.client'), cell: (p) => p.client },
          {
            header: t('projects.columns.category'),
            cell: (p) => (p.category ? pickText(p.category.translation, language) || p.category.name : t('projects.noCategory')),
          },
        ]}
        rows={projects.data?.data}
        rowKey={(p) => p.id}
        rowName={(p) => pickText(p.title, language)}
        emptyText={t('projects.empty')}
        actionsHeader={t('projects.columns.actions')}
        onEdit={actions.open}
        onDelete={actions.confirmDelete}
        busy={actions.remove.isPending}
        status={projects.data ? undefined : <ListStatus query={projects} />}
      />
      <Pager
        page={page}
        pages={pages}
        onPage={setPage}
        texts={{
          label: t('projects.pager.label'),
          previous: t('projects.pager.previous'),
          next: t('projects.pager.next'),
          status: t('projects.pager.page', { page, pages }),
        }}
      />
      <ProjectModal open={actions.modal.open} project={actions.modal.row} categories={categories} onClose={actions.close} />
    </section>
  );
}
