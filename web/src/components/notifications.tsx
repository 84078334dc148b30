import { noticeRegionIds } from '../lib/notify';

/**
 * Where notices appear (lib/notify.ts puts them there). The live regions are always in the page,
 * so that screen readers announce what is put into them: errors assertively, the rest politely.
 * They keep to the bottom, or to the top where the field being worked on is low (lib/notify.ts).
 */
export function Notifications() {
  return (
    <div className="pointer-events-none fixed inset-x-4 bottom-4 z-50 flex flex-col items-center gap-2 data-[edge=top]:top-4 data-[edge=top]:bottom-auto sm:inset-x-auto sm:right-4 sm:items-end">
      <div id={noticeRegionIds.error} role="alert" aria-live="assertive" className="flex max-w-md flex-col gap-2" />
      <div id={noticeRegionIds.status} role="status" aria-live="polite" className="flex max-w-md flex-col gap-2" />
    </div>
  );
}
