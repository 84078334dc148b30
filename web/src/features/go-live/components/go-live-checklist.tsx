import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { ChecklistItem, ChecklistKey } from '@blitz/contract';
import { primaryButton, secondaryButton, smallButton } from '../../../components/admin/button-classes';
import { CommandError } from '../../../components/admin/command-error';
import { useConfirmDialog } from '../../../components/admin/confirm-dialog';
import { readToken } from '../../../lib/auth-token';
import { fileSize } from '../../../lib/file-size';
import { notify } from '../../../lib/notify';
import { useDateTime, useInterfaceLocale } from '../../../lib/use-date-time';
import { checklistQueryKey, useChecklist, useRemoveSampleContent, useUpdateChecklistItem } from '../api/checklist';

/** The dashboard tab where each item is done (a backup: the Backups tab, or the command on the server). */
const tabOf: Partial<Record<ChecklistKey, string>> = {
  companyDetails: 'company',
  logo: 'company',
  publicAddress: 'company',
  mailRecipients: 'mail',
  legalTexts: 'texts',
  secondFactor: 'second-factor',
  backup: 'backups',
  oldAddresses: 'redirects',
};

/** Where the dashboard shows the checklist's items unfolded from the start (Tailwind's lg). */
const wideScreen = '(min-width: 64rem)';

/**
 * The go-live checklist on the dashboard's start (issue 29): what a new site still lacks, each
 * item with its state from the server and a link to where it is done. It stays until every item
 * is done or dismissed; then a small button brings it back. The states follow what staff do in
 * the tabs below: after any change the dashboard makes, the checklist is read again.
 */
export function GoLiveChecklist({ openTab }: { openTab: (tab: string) => void }) {
  const { t } = useTranslation('goLive');
  const headingId = useId();
  const checklist = useChecklist();
  const queryClient = useQueryClient();
  const [shownAnyway, setShownAnyway] = useState(false);
  // On a phone the items start folded: the tab staff came for is then on the first screen, not
  // three screens down (issue 46); the heading and the count stay in sight.
  const [expanded, setExpanded] = useState(() => typeof window !== 'undefined' && window.matchMedia(wideScreen).matches);
  const itemsId = useId();
  // On the server the width is unknown: the HTML has the items, folded by CSS below lg as the
  // button folds them in the browser, whose first render then decides (decision 067).
  const byWidth = typeof window === 'undefined';

  useEffect(
    () =>
      queryClient.getMutationCache().subscribe((event) => {
        // Not once the change ended this sign-in (signing out here): a read without a token would
        // answer 401 and turn "signed out" into "session expired".
        if (event.type === 'updated' && event.action.type === 'success' && readToken())
          void queryClient.invalidateQueries({ queryKey: checklistQueryKey });
      }),
    [queryClient],
  );

  const foldButton = (open: boolean, className: string) => (
    <button
      type="button"
      className={`${secondaryButton} ${smallButton} col-start-2 row-start-1 self-end ${open ? 'sm:mt-3' : 'sm:mt-2'} ${className}`}
      aria-expanded={open}
      aria-controls={itemsId}
      onClick={() => setExpanded(!open)}
    >
      {open ? t('hideItems') : t('showItems')}
    </button>
  );

  const data = checklist.data;
  // Nothing while loading or when the checklist cannot be read: the tabs below are what staff came for.
  if (!data) return null;
  const settled = data.items.filter((item) => item.done || item.dismissed).length;
  if (data.complete && !shownAnyway) {
    return (
      <p className="mb-4 text-right">
        <button
          type="button"
          className="text-sm text-brand-800 underline"
          onClick={() => {
            // Brought back on purpose: its items at once, on a phone too.
            setShownAnyway(true);
            setExpanded(true);
          }}
        >
          {t('show')}
        </button>
      </p>
    );
  }
  return (
    <section
      aria-labelledby={headingId}
      className="mb-5 grid grid-cols-[1fr_auto] items-center gap-x-3 rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:mb-8 sm:block sm:p-6"
    >
      {/* On a phone a grid: the button beside the heading and the count, not a row of its own. */}
      <div className="flex flex-wrap items-baseline justify-between gap-x-2 gap-y-1">
        <h2 id={headingId} className="text-base font-bold text-brand-900 sm:text-xl">
          {t('heading')}
        </h2>
        <p className="text-sm font-semibold text-slate-700">{t('progress', { done: settled, total: data.items.length })}</p>
      </div>
      {/* Folded, the heading, the count and the button say enough: the tabs come up the phone's first screen. */}
      <p
        hidden={!expanded && !byWidth}
        className={`col-span-2 mt-1 max-w-3xl text-sm text-slate-700 ${byWidth ? 'hidden lg:block' : ''}`}
      >
        {data.complete ? t('completeNotice') : t('intro')}
      </p>
      {byWidth ? (
        <>
          {foldButton(false, 'lg:hidden')}
          <span className="hidden lg:block">{foldButton(true, '')}</span>
        </>
      ) : (
        foldButton(expanded, '')
      )}
      {/* Folded, the items are not rendered at all: a phone's first view is cheaper by them (issue 46). */}
      <ol
        id={itemsId}
        hidden={!expanded && !byWidth}
        className={`col-span-2 mt-4 gap-3 lg:grid-cols-2 ${byWidth ? 'hidden lg:grid' : 'grid'}`}
      >
        {(expanded || byWidth) && data.items.map((item) => <ChecklistEntry key={item.key} item={item} openTab={openTab} />)}
      </ol>
      {data.complete && (
        <p className="mt-4">
          <button type="button" className={`${secondaryButton} ${smallButton}`} onClick={() => setShownAnyway(false)}>
            {t('hide')}
          </button>
        </p>
      )}
    </section>
  );
}

function ChecklistEntry({ item, openTab }: { item: ChecklistItem; openTab: (tab: string) => void }) {
  const { t } = useTranslation('goLive');
  const titleId = useId();
  const dateTime = useDateTime();
  const update = useUpdateChecklistItem();
  const state = item.done ? 'done' : item.dismissed ? 'dismissed' : 'open';
  const tab = tabOf[item.key];
  const key = item.key;
  return (
    <li
      aria-labelledby={titleId}
      className={`rounded-md border-l-4 px-3 py-3 sm:px-4 ${
        state === 'done'
          ? 'border-green-700 bg-green-50'
          : state === 'dismissed'
            ? 'border-slate-400 bg-slate-50'
            : 'border-accent-500 bg-amber-50'
      }`}
    >
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <h3 id={titleId} className="font-semibold text-slate-900">
          <span aria-hidden="true" className="mr-2 inline-block w-4 text-center">
            {state === 'done' ? '✓' : state === 'dismissed' ? '–' : '○'}
          </span>
          {t(`items.${key}.title`)}
        </h3>
        <span
          className={`text-xs font-semibold uppercase tracking-wide ${
            state === 'done' ? 'text-green-800' : state === 'dismissed' ? 'text-slate-700' : 'text-amber-900'
          }`}
        >
          {t(`state.${state}`)}
        </span>
      </div>
      {!item.done && (
        <p className="mt-1 break-words text-sm text-slate-800">
          {t(`items.${key}.text`)}
          {key === 'backup' && (
            <>
              {' '}
              <code className="rounded bg-slate-200 px-1.5 py-0.5 text-slate-900">npm run admin -- backup FILE</code>
            </>
          )}
        </p>
      )}
      <ItemDetail item={item} />
      {item.dismissed && item.detail?.dismissedBy && item.detail.dismissedAt && (
        <p className="mt-1 text-sm text-slate-700">
          {t('dismissedBy', { by: item.detail.dismissedBy, at: dateTime(item.detail.dismissedAt) })}
        </p>
      )}
      {update.isError && (
        <div className="mt-2">
          <CommandError error={update.error} />
        </div>
      )}
      <div className="mt-2 flex flex-wrap items-center gap-2">
        {tab && !item.done && (
          <button type="button" className={`${secondaryButton} ${smallButton}`} onClick={() => openTab(tab)}>
            {t(`items.${key as 'companyDetails'}.link`)}
          </button>
        )}
        {key === 'sampleContent' && !item.done && <RemoveSamples item={item} />}
        {key === 'legalTexts' && !item.done && (
          <button
            type="button"
            className={`${primaryButton} ${smallButton}`}
            disabled={update.isPending}
            onClick={() => update.mutate({ key, update: { reviewed: true } })}
          >
            {t('items.legalTexts.review')}
          </button>
        )}
        {!item.done && (
          <button
            type="button"
            className="px-1 py-1.5 text-sm text-brand-800 underline"
            disabled={update.isPending}
            aria-describedby={titleId}
            onClick={() => update.mutate({ key, update: { dismissed: !item.dismissed } })}
          >
            {item.dismissed ? t('undismiss') : t('dismiss')}
          </button>
        )}
      </div>
    </li>
  );
}

/** What an item's state rests on, where the server says more than done or not. */
function ItemDetail({ item }: { item: ChecklistItem }) {
  const { t } = useTranslation('goLive');
  const dateTime = useDateTime();
  const locale = useInterfaceLocale();
  const detail = item.detail;
  const line = (text: string) => <p className="mt-1 break-words text-sm text-slate-700">{text}</p>;
  switch (item.key) {
    case 'publicAddress':
      return detail?.publicOrigin && detail.requestOrigin
        ? line(t('items.publicAddress.state', { publicOrigin: detail.publicOrigin, requestOrigin: detail.requestOrigin }))
        : null;
    case 'mailRecipients':
      return detail?.confirmedAt ? line(t('items.mailRecipients.confirmed', { at: dateTime(detail.confirmedAt) })) : null;
    case 'sampleContent':
      return detail?.remaining && !item.done
        ? line(t('items.sampleContent.remaining', { counts: sampleCounts(t, detail.remaining) }))
        : null;
    case 'legalTexts':
      return detail?.reviewedBy && detail.reviewedAt
        ? line(t('items.legalTexts.reviewed', { by: detail.reviewedBy, at: dateTime(detail.reviewedAt) }))
        : null;
    case 'secondFactor':
      return detail?.without && detail.without.length > 0
        ? line(t('items.secondFactor.without', { names: detail.without.join(', ') }))
        : null;
    case 'backup': {
      const last = detail?.lastBackup;
      return line(
        last ? t('items.backup.last', { at: dateTime(last.at), size: fileSize(last.bytes, locale) }) : t('items.backup.never'),
      );
    }
    case 'oldAddresses':
      if (detail?.redirects === undefined) return line(t('items.oldAddresses.none'));
      return (
        <>
          {line(t('items.oldAddresses.redirects', { count: detail.redirects }))}
          {detail.unredirected && detail.unredirected.length > 0
            ? line(t('items.oldAddresses.unredirected', { paths: detail.unredirected.join(', ') }))
            : null}
          {detail.toHidden && detail.toHidden.length > 0
            ? line(t('items.oldAddresses.toHidden', { paths: detail.toHidden.join(', ') }))
            : null}
        </>
      );
    default:
      return null;
  }
}

/** "2 projects, 1 category, 1 job": each figure with its word in the number it needs. */
function sampleCounts(t: TFunction<'goLive'>, counts: { projects: number; categories: number; jobs: number }): string {
  return [
    t('items.sampleContent.counts.projects', { count: counts.projects }),
    t('items.sampleContent.counts.categories', { count: counts.categories }),
    t('items.sampleContent.counts.jobs', { count: counts.jobs }),
  ].join(', ');
}

/** The one action that removes every unchanged sample row, asking first with what it will delete. */
function RemoveSamples({ item }: { item: ChecklistItem }) {
  const { t } = useTranslation('goLive');
  const remove = useRemoveSampleContent();
  const remaining = item.detail?.remaining ?? { projects: 0, categories: 0, jobs: 0 };
  const confirm = useConfirmDialog();
  return (
    <>
      {confirm.dialog}
      <button
        type="button"
        className={`${primaryButton} ${smallButton}`}
        disabled={remove.isPending}
        onClick={() => {
          confirm.ask({
            title: t('items.sampleContent.title'),
            message: t('items.sampleContent.confirm', { counts: sampleCounts(t, remaining) }),
            confirmLabel: t('items.sampleContent.remove'),
            onConfirm: () =>
              remove.mutate(undefined, {
                onSuccess: (removed) => notify(t('items.sampleContent.removed', { counts: sampleCounts(t, removed) })),
              }),
          });
        }}
      >
        {t('items.sampleContent.remove')}
      </button>
      {remove.isError && <CommandError error={remove.error} />}
    </>
  );
}
