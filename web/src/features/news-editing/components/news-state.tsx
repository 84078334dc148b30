import { useTranslation } from 'react-i18next';
import { type NewsPost, isScheduled, newsPostPath } from '@blitz/contract';
import { DocumentStatePanel, StateBadge, documentState } from '../../../components/admin/sections/document-state';
import { useDateTime } from '../../../lib/use-date-time';
import { useNow } from '../../../lib/use-now';
import { usePostState } from '../api/news';

/**
 * A post's state as its badges: a draft; live, or waiting for its time ("Geplant für 11.01.2027,
 * 07:00", in Berlin's time); and whether it has unpublished changes.
 */
export function PostStateBadges({ post, now }: { post: NewsPost; now: Date }) {
  const { t } = useTranslation('newsEditing');
  const formatTime = useDateTime();
  const state = documentState(post);
  const scheduled = isScheduled(post, now);
  return (
    <span className="inline-flex flex-wrap gap-1">
      {state === 'draft' ? (
        <StateBadge tone="draft" label={t('state.draft')} />
      ) : scheduled ? (
        <StateBadge tone="scheduled" label={t('state.scheduled', { time: formatTime(post.publishAt!) })} />
      ) : (
        <StateBadge tone="published" label={t('state.published')} />
      )}
      {state === 'changed' && <StateBadge tone="changed" label={t('state.changed')} />}
    </span>
  );
}

/** A saved post's state in its dialog, with publish, unpublish, discard and the preview (decision 065). */
export function PostStatePanel({ post, onChanged }: { post: NewsPost; onChanged: (post: NewsPost) => void }) {
  const { t } = useTranslation('newsEditing');
  const formatTime = useDateTime();
  const change = usePostState();
  const now = useNow();
  const state = documentState(post);
  const pending = post.draft ?? post;
  const notice =
    state === 'changed'
      ? t('state.changedNotice')
      : isScheduled(post, now)
        ? t('state.scheduledNotice', { time: formatTime(post.publishAt!) })
        : state === 'published'
          ? t('state.publishedNotice')
          : pending.publishAt && Date.parse(pending.publishAt) > now.getTime()
            ? t('state.draftTimedNotice', { time: formatTime(pending.publishAt) })
            : t('state.draftNotice');
  return (
    <DocumentStatePanel
      state={state}
      badge={<PostStateBadges post={post} now={now} />}
      notice={notice}
      onAction={(action) => change.mutate({ id: post.id, action }, { onSuccess: onChanged })}
      busy={change.isPending}
      error={change.error}
      // The preview shows the pending values: a draft of changes may have moved the post.
      previewPath={(lang) => newsPostPath(pending.address, lang)}
    />
  );
}
