import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { type UserRole, userRoles } from '@blitz/contract';

/**
 * What each role may do with each area, in words: the roles as a readable matrix (issue 31),
 * the combination of content and inbox rights a column of its own (issue 42, decision 051).
 */
const areas = [
  'content',
  'publish',
  'restore',
  'emptyTrash',
  'inquiries',
  'export',
  'assigned',
  'settings',
  'audit',
  'accounts',
] as const;
type Grant = 'all' | 'yes' | 'no' | 'types';
const grants: Record<UserRole, Record<(typeof areas)[number], Grant>> = {
  admin: {
    content: 'all',
    publish: 'yes',
    restore: 'yes',
    emptyTrash: 'yes',
    inquiries: 'all',
    export: 'yes',
    assigned: 'yes',
    settings: 'all',
    audit: 'yes',
    accounts: 'all',
  },
  editor: {
    content: 'all',
    publish: 'yes',
    restore: 'yes',
    emptyTrash: 'no',
    inquiries: 'no',
    export: 'no',
    assigned: 'no',
    settings: 'no',
    audit: 'no',
    accounts: 'no',
  },
  inbox: {
    content: 'no',
    publish: 'no',
    restore: 'no',
    emptyTrash: 'no',
    inquiries: 'types',
    export: 'types',
    assigned: 'types',
    settings: 'no',
    audit: 'no',
    accounts: 'no',
  },
  editorInbox: {
    content: 'all',
    publish: 'yes',
    restore: 'yes',
    emptyTrash: 'no',
    inquiries: 'types',
    export: 'types',
    assigned: 'types',
    settings: 'no',
    audit: 'no',
    accounts: 'no',
  },
};

export function RoleMatrix() {
  const { t } = useTranslation(['accounts', 'admin']);
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="rounded-lg border border-slate-200 bg-white shadow-sm">
      <h3 id={headingId} className="px-4 pt-4 text-lg font-bold text-brand-900">
        {t('matrix.heading')}
      </h3>
      {/* From a tablet's width on: the matrix. Focusable: should it still be too wide, it scrolls
          sideways, and a keyboard must be able to scroll it. */}
      <div tabIndex={0} role="group" aria-labelledby={headingId} className="hidden overflow-x-auto md:block">
        <table aria-labelledby={headingId} className="min-w-full text-left text-sm">
          <thead>
            <tr className="border-b border-slate-200">
              <th scope="col" className="px-4 py-2 font-semibold text-slate-700">
                {t('matrix.area')}
              </th>
              {userRoles.map((role) => (
                <th key={role} scope="col" className="px-4 py-2 font-semibold text-slate-700">
                  {t(`roles.${role}`)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {areas.map((area) => (
              <tr key={area} className="border-b border-slate-100 last:border-0">
                <th scope="row" className="px-4 py-2 font-medium text-slate-800">
                  {t(`matrix.areas.${area}`)}
                </th>
                {userRoles.map((role) => (
                  <td key={role} className="px-4 py-2 text-slate-700">
                    {t(`matrix.grants.${grants[role][area]}`)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {/* On a phone five columns do not fit, and the last ones (the combination) would hide off
          the screen: each role with what it may do, one under the other. */}
      <ul aria-labelledby={headingId} className="grid gap-4 px-4 pt-3 pb-1 md:hidden">
        {userRoles.map((role) => (
          <li key={role} aria-label={t(`roles.${role}`)} className="border-b border-slate-100 pb-3 last:border-0">
            <p className="font-semibold text-slate-900">{t(`roles.${role}`)}</p>
            <ul className="mt-1 list-disc pl-5 text-sm text-slate-700">
              {areas
                .filter((area) => grants[role][area] !== 'no')
                .map((area) => (
                  <li key={area}>
                    {t(`matrix.areas.${area}`)}
                    {grants[role][area] === 'types' && <span className="text-slate-600"> ({t('matrix.onlyTypes')})</span>}
                  </li>
                ))}
            </ul>
            {areas.some((area) => grants[role][area] === 'no') && (
              <p className="mt-1 text-sm text-slate-600">{t('matrix.nothingElse')}</p>
            )}
          </li>
        ))}
      </ul>
      <p className="border-t border-slate-200 px-4 py-3 text-sm text-slate-700">{t('matrix.combined')}</p>
    </section>
  );
}
