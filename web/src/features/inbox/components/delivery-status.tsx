import { useTranslation } from 'react-i18next';
import type { InquiryStatus, DeliveryStatus as Status, MailDelivery } from '@blitz/contract';

type AnyStatus = Status | MailDelivery['status'];

// Colour and a shape carry the state together with its name, never the colour alone (WCAG 1.4.1);
// every pair keeps AA contrast.
const looks: Record<AnyStatus, string> = {
  pending: 'bg-amber-100 text-amber-900 ring-amber-300',
  delivered: 'bg-green-100 text-green-900 ring-green-300',
  sent: 'bg-green-100 text-green-900 ring-green-300',
  failed: 'bg-red-100 text-red-900 ring-red-300',
  logged: 'bg-sky-100 text-sky-900 ring-sky-300',
  skipped: 'bg-slate-100 text-slate-800 ring-slate-300',
};

const icons: Record<AnyStatus, string> = {
  pending: 'M8 4v4l2.5 2.5',
  delivered: 'M4.5 8.5l2.5 2.5 4.5-5',
  sent: 'M4.5 8.5l2.5 2.5 4.5-5',
  failed: 'M5.5 5.5l5 5M10.5 5.5l-5 5',
  logged: 'M5 6h6M5 8.5h6M5 11h4',
  skipped: 'M4.5 11.5l7-7',
};

/** How far the mail of an inquiry got: coloured, with an icon and the state's name. */
export function DeliveryStatus({ status }: { status: AnyStatus }) {
  const { t } = useTranslation('inbox');
  return (
    <span
      data-status={status}
      // A long state ("not sent – no mail server set up") wraps inside its badge instead of widening the table.
      className={`inline-flex max-w-56 items-center gap-1.5 rounded-lg px-2.5 py-0.5 text-xs font-semibold ring-1 ${looks[status]}`}
    >
      <svg
        aria-hidden="true"
        width="14"
        height="14"
        viewBox="0 0 16 16"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        className="shrink-0"
      >
        <circle cx="8" cy="8" r="6.5" strokeWidth="1.5" />
        <path d={icons[status]} />
      </svg>
      {t(`delivery.${status}`)}
    </span>
  );
}

/** Where an inquiry stands, as text with a mark; the new ones stand out, the closed ones recede. */
export function InquiryStatusBadge({ status }: { status: InquiryStatus }) {
  const { t } = useTranslation('inbox');
  const closed = status === 'closed';
  return (
    <span
      className={`inline-flex items-center gap-1.5 text-sm whitespace-nowrap ${
        status === 'new' ? 'font-semibold text-brand-900' : closed ? 'text-slate-700' : 'text-amber-900'
      }`}
    >
      <svg
        aria-hidden="true"
        width="14"
        height="14"
        viewBox="0 0 16 16"
        fill={status === 'new' ? 'currentColor' : 'none'}
        stroke="currentColor"
        strokeWidth="2"
      >
        {closed ? (
          <path d="M3.5 8.5l3 3 6-6.5" />
        ) : status === 'answered' ? (
          <path d="M6 4L2.5 7.5 6 11M3 7.5h7a3.5 3.5 0 0 1 3.5 3.5v1" />
        ) : status === 'inProgress' ? (
          <path d="M8 4v4l2.5 2.5M8 1.5a6.5 6.5 0 1 0 0 13 6.5 6.5 0 0 0 0-13z" strokeWidth="1.5" />
        ) : (
          <circle cx="8" cy="8" r="4" />
        )}
      </svg>
      {t(`status.${status}`)}
    </span>
  );
}
