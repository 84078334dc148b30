import { type NewsHome, newsLimits } from '@blitz/contract';
import type { Db } from '../../db/database';
import { readSiteValue, writeSiteValue } from '../../db/site-values.repository';
import { inTransaction } from '../../db/transaction';
import { recordChange } from '../audit/audit.recorder';
import { bumpContentVersion } from '../content/content-version.repository';

/** The settings row of the home page's latest posts: how many (none stored: 0, SPEC's home page). */
const homePostsKey = 'news_home_posts';

export async function getNewsHome(db: Db): Promise<NewsHome> {
  const stored = Number(await readSiteValue(db, homePostsKey));
  const homePosts = Number.isInteger(stored) ? Math.min(Math.max(stored, 0), newsLimits.homePosts) : 0;
  return { homePosts };
}

/**
 * How many of the newest posts the home page shows: a content change (every instance's kept
 * home page follows at once), in the audit trail as the news' setting.
 */
export async function saveNewsHome(db: Db, setting: NewsHome): Promise<NewsHome> {
  await inTransaction(db, async (trx) => {
    const before = await getNewsHome(trx);
    await writeSiteValue(trx, homePostsKey, String(setting.homePosts));
    await recordChange(trx, {
      action: 'update',
      kind: 'news',
      id: null,
      title: 'Home page: latest posts',
      changes:
        before.homePosts === setting.homePosts
          ? []
          : [{ field: 'homePosts', before: String(before.homePosts), after: String(setting.homePosts) }],
    });
    await bumpContentVersion(trx);
  });
  return getNewsHome(db);
}
