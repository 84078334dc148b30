import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SiteLanguage } from '@blitz/contract';
import { type Column, DataTable } from '../data-table';
import { ListStatus } from '../list-status';
import { ItemMissNotice, useOpenItemById } from '../opened-item';
import { Pager } from '../pager';
import { useRowActions } from '../use-row-actions';
import type { documentApi } from './document-api';

type Titled = { id: number; title: { de: string; en: string } };

/** A document's title in the dashboard's language, the other one's where it has none. */
export const documentName = (document: Titled, lang: SiteLanguage) =>
  lang === 'en' ? document.title.en || document.title.de : document.title.de || document.title.en;

/**
 * A tab's list of documents (pages, news posts): its page of the list, Add and Edit opening the
 * dialog, Delete asking first (to the trash), and the audit trail's "Open" naming one in the
 * address.
 */
export function useDocumentList<Doc extends Titled>(
  api: Pick<ReturnType<typeof documentApi<Doc, never>>, 'useList' | 'useDelete' | 'fetchOne' | 'listLength'>,
  question: { title: (document: Doc) => string; message: string },
) {
  const [page, setPage] = useState(1);
  const list = api.useList(page);
  const actions = useRowActions<Doc>(api.useDelete(), question);
  const named = useOpenItemById(api.fetchOne, actions.open);
  const pages = Math.max(1, Math.ceil((list.data?.count ?? 0) / api.listLength));
  if (list.data && page > pages) setPage(pages);
  return { list, actions, named, page: Math.min(page, pages), pages, setPage, rows: list.data?.data ?? [] };
}

/** The list's table (a card per document on a phone), its pages, the delete question, and a named item's miss. */
export function DocumentTable<Doc extends Titled>({
  list,
  caption,
  columns,
  emptyText,
}: {
  list: ReturnType<typeof useDocumentList<Doc>>;
  caption: string;
  columns: Column<Doc>[];
  emptyText: string;
}) {
  const { t, i18n } = useTranslation(['sectionEditing', 'admin']);
  const { actions, page, pages } = list;
  return (
    <>
      <ItemMissNotice miss={list.named.miss} onDismiss={list.named.dismiss} />
      <DataTable
        caption={caption}
        stackBelow="md"
        columns={columns}
        rows={list.list.data?.data}
        rowKey={(document) => document.id}
        rowName={(document) => documentName(document, i18n.language === 'en' ? 'en' : 'de')}
        emptyText={emptyText}
        actionsHeader={t('list.actions')}
        onEdit={actions.open}
        onDelete={actions.confirmDelete}
        busy={actions.remove.isPending}
        status={list.list.data ? undefined : <ListStatus query={list.list} />}
      />
      <Pager
        page={page}
        pages={pages}
        onPage={list.setPage}
        texts={{
          label: t('list.pager'),
          previous: t('list.previous'),
          next: t('list.next'),
          status: t('list.page', { page, pages }),
        }}
      />
      {actions.confirmDialog}
    </>
  );
}
