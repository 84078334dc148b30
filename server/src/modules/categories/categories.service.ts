import type { Category, CategoryList, ContentLanguage, LocalizedText } from '@blitz/contract';
import type { Db } from '../../db/database';
import { isUniqueViolation } from '../../db/errors';
import { conflict, notFound } from '../../lib/http-error';
import {
  type CategoryValues,
  categoryNames,
  trashCategory,
  findCategory,
  insertCategory,
  listCategories,
  updateCategory,
} from './categories.repository';

const byLanguage = (texts: LocalizedText[]) => [...texts].sort((a, b) => a.language - b.language);

export async function getCategories(db: Db, language?: ContentLanguage): Promise<CategoryList> {
  const data = await listCategories(db, language);
  return { data, count: data.length };
}

/** Names are unique regardless of case: "Industrie" and "industrie" would be one category twice. */
async function assertNameFree(db: Db, name: string, exceptId?: number): Promise<void> {
  const folded = name.toLocaleLowerCase('de');
  const taken = (await categoryNames(db)).some((c) => c.id !== exceptId && c.name.toLocaleLowerCase('de') === folded);
  if (taken) throw conflict(`A category named "${name}" already exists`);
}

async function withNameConflict<T>(name: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    // Two requests that passed the check at the same moment: the unique index decides.
    if (isUniqueViolation(error)) throw conflict(`A category named "${name}" already exists`);
    throw error;
  }
}

export async function createCategory(db: Db, values: CategoryValues): Promise<Category> {
  await assertNameFree(db, values.name);
  const id = await withNameConflict(values.name, () =>
    insertCategory(db, { ...values, translation: byLanguage(values.translation) }),
  );
  return (await findCategory(db, id))!;
}

export async function changeCategory(db: Db, id: number, values: CategoryValues): Promise<Category> {
  if (!(await findCategory(db, id))) throw notFound('Category');
  await assertNameFree(db, values.name, id);
  const updated = await withNameConflict(values.name, () =>
    updateCategory(db, id, { ...values, translation: byLanguage(values.translation) }),
  );
  if (!updated) throw notFound('Category');
  return (await findCategory(db, id))!;
}

/** The dashboard's delete: to the trash (decision 037), `by` the signed-in user's name. */
export async function removeCategory(db: Db, id: number, by: string): Promise<void> {
  if (!(await trashCategory(db, id, by))) throw notFound('Category');
}
