import { ContentLanguage, type LocalizedText, type TrashKind, pickText } from '@blitz/contract';
import type { Db } from '../../db/database';

/** An item in the trash as the repository reads it. */
export type TrashRecord = {
  kind: TrashKind;
  id: number;
  title: string;
  titles: LocalizedText[];
  deletedAt: string;
  deletedBy: string;
};

type TrashRow = { id: number; deleted_at: string | null; deleted_by: string | null; title?: string };
type TitleRow = { id: number; language: number; content: string };

/** The titles of trashed rows by id, ordered by language; empty ones left out. */
function titlesById(rows: TitleRow[]): Map<number, LocalizedText[]> {
  const byId = new Map<number, LocalizedText[]>();
  for (const row of [...rows].sort((a, b) => a.language - b.language)) {
    if (row.content === '') continue;
    const texts = byId.get(row.id) ?? [];
    texts.push({ content: row.content, language: row.language as ContentLanguage });
    byId.set(row.id, texts);
  }
  return byId;
}

/**
 * Everything in the trash, newest deletion first; `before`: only what was deleted before then (the
 * purge). A project or job comes with its titles in each language (the dashboard shows the one of
 * its language) and `title`, the German one, else the other; a category with its name. A few small
 * queries: the trash holds a handful of rows.
 */
export async function listTrash(db: Db, before?: string): Promise<TrashRecord[]> {
  const [projects, categories, jobs, projectTitles, jobTitles] = await Promise.all([
    db
      .selectFrom('projects')
      .where('deleted_at', 'is not', null)
      .$if(before !== undefined, (q) => q.where('deleted_at', '<', before!))
      .select(['id', 'deleted_at', 'deleted_by'])
      .execute(),
    db
      .selectFrom('categories')
      .where('deleted_at', 'is not', null)
      .$if(before !== undefined, (q) => q.where('deleted_at', '<', before!))
      .select(['id', 'deleted_at', 'deleted_by', 'name as title'])
      .execute(),
    db
      .selectFrom('jobs')
      .where('deleted_at', 'is not', null)
      .$if(before !== undefined, (q) => q.where('deleted_at', '<', before!))
      .select(['id', 'deleted_at', 'deleted_by'])
      .execute(),
    db
      .selectFrom('project_texts as t')
      .innerJoin('projects as p', 'p.id', 't.project_id')
      .where('p.deleted_at', 'is not', null)
      .where('t.field', '=', 'title')
      .select(['t.project_id as id', 't.language', 't.content'])
      .execute(),
    db
      .selectFrom('job_texts as t')
      .innerJoin('jobs as j', 'j.id', 't.job_id')
      .where('j.deleted_at', 'is not', null)
      .where('t.field', '=', 'title')
      .select(['t.job_id as id', 't.language', 't.content'])
      .execute(),
  ]);
  const titles = { project: titlesById(projectTitles), job: titlesById(jobTitles), category: new Map<number, LocalizedText[]>() };
  const record = (kind: TrashKind) => (row: TrashRow) => {
    const texts = titles[kind].get(row.id) ?? [];
    return {
      kind,
      id: row.id,
      title: row.title ?? pickText(texts, ContentLanguage.German),
      titles: texts,
      deletedAt: row.deleted_at ?? '',
      deletedBy: row.deleted_by ?? '',
    };
  };
  return [...projects.map(record('project')), ...categories.map(record('category')), ...jobs.map(record('job'))].sort(
    (a, b) => b.deletedAt.localeCompare(a.deletedAt) || a.kind.localeCompare(b.kind) || a.id - b.id,
  );
}
