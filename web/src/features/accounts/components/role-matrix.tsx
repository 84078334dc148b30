import { useTranslation } from 'react-i18next';
import { userRoles } from '@blitz/contract';

/** What each role may do with each area, in words: the roles as a readable matrix (issue 31). */
const areas = ['content', 'publish', 'restore', 'emptyTrash', 'inquiries', 'export', 'settings', 'audit', 'accounts'] as const;
const grants = {
  admin: {
    content: 'all',
    publish: 'yes',
    restore: 'yes',
    emptyTrash: 'yes',
    inquiries: 'all',
    export: 'yes',
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
    settings: 'no',
    audit: 'no',
    accounts: 'no',
  },
} as const;

export function RoleMatrix() {
  const { t } = useTranslation('admin');
  return (
    // Focusable: on a phone the table scrolls sideways, and a keyboard must be able to scroll it.
    <div
      tabIndex={0}
      role="group"
      aria-label={t('accounts.matrix.heading')}
      className="overflow-x-auto rounded-lg border border-slate-200 bg-white shadow-sm"
    >
      <table className="min-w-full text-left text-sm">
        <caption className="px-4 pt-4 text-left text-lg font-bold text-brand-900">{t('accounts.matrix.heading')}</caption>
        <thead>
          <tr className="border-b border-slate-200">
            <th scope="col" className="px-4 py-2 font-semibold text-slate-700">
              {t('accounts.matrix.area')}
            </th>
            {userRoles.map((role) => (
              <th key={role} scope="col" className="px-4 py-2 font-semibold text-slate-700">
                {t(`accounts.roles.${role}`)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {areas.map((area) => (
            <tr key={area} className="border-b border-slate-100 last:border-0">
              <th scope="row" className="px-4 py-2 font-medium text-slate-800">
                {t(`accounts.matrix.areas.${area}`)}
              </th>
              {userRoles.map((role) => (
                <td key={role} className="px-4 py-2 text-slate-700">
                  {t(`accounts.matrix.grants.${grants[role][area]}`)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
