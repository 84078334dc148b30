import type { Category, CategoryList, ContentLanguage, LocalizedText } from '@blitz/contract';
import type { Db } from '../../db/database';
import { inTransaction } from '../../db/transaction';
import { recordChange } from '../audit/audit.recorder';
import { claimVersion } from '../audit/edit-version';
import { categoryEntry } from './category-audit';
import { isUniqueViolation } from '../../db/errors';
import { HttpError, conflict, notFound } from '../../lib/http-error';
import {
  type CategoryValues,
  categoryNames,
  trashCategory,
  findCategory,
  insertCategory,
  listCategories,
  lockCategoryVersion,
  updateCategory,
} from './categories.repository';

const byLanguage = (texts: LocalizedText[]) => [...texts].sort((a, b) => a.language - b.language);

export async function getCategories(db: Db, language?: ContentLanguage): Promise<CategoryList> {
  const data = await listCategories(db, language);
  return { data, count: data.length };
}

/**
 * Names are unique regardless of case: "Industrie" and "industrie" would be one category twice.
 * A name taken by a category in the trash says so (`inTrash`), for the dashboard to tell staff
 * how to free it (decision 037).
 */
async function assertNameFree(db: Db, name: string, exceptId?: number): Promise<void> {
  const folded = name.toLocaleLowerCase('de');
  const taken = (await categoryNames(db)).find((c) => c.id !== exceptId && c.name.toLocaleLowerCase('de') === folded);
  if (taken?.inTrash)
    throw new HttpError(
      409,
      'conflict',
      `A category named "${name}" is in the trash: restore it, or empty the trash (or wait for its purge) to use the name again`,
      { problem: { inTrash: true } },
    );
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
  const sorted = { ...values, translation: byLanguage(values.translation) };
  const id = await withNameConflict(values.name, () =>
    inTransaction(db, async (trx) => {
      const newId = await insertCategory(trx, sorted);
      await recordChange(trx, categoryEntry('create', newId, undefined, sorted));
      return newId;
    }),
  );
  return (await findCategory(db, id))!;
}

export async function changeCategory(
  db: Db,
  id: number,
  { updatedAt, ...values }: CategoryValues & { updatedAt?: string | undefined },
): Promise<Category> {
  const before = await findCategory(db, id);
  if (!before) throw notFound('Category');
  await assertNameFree(db, values.name, id);
  const sorted = { ...values, translation: byLanguage(values.translation) };
  const updated = await withNameConflict(values.name, () =>
    inTransaction(db, async (trx) => {
      await claimVersion(trx, lockCategoryVersion, 'category', id, updatedAt);
      const done = await updateCategory(trx, id, sorted);
      if (done) await recordChange(trx, categoryEntry('update', id, before, sorted));
      return done;
    }),
  );
  if (!updated) throw notFound('Category');
  return (await findCategory(db, id))!;
}

/** The dashboard's delete: to the trash (decision 037), `by` the signed-in user's name; recorded in the audit trail. */
export async function removeCategory(db: Db, id: number, by: string): Promise<void> {
  const deleted = await inTransaction(db, async (trx) => {
    const before = await findCategory(trx, id);
    const done = await trashCategory(trx, id, by);
    if (done) await recordChange(trx, categoryEntry('delete', id, before));
    return done;
  });
  if (!deleted) throw notFound('Category');
}
