import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { CommandError } from '../../../components/admin/command-error';
import { secondaryButton, smallButton } from '../../../components/admin/button-classes';
import { clearToken } from '../../../lib/auth-token';
import { useDateTime } from '../../../lib/use-date-time';
import { useEndSignInSession, useSignInSessions } from '../api/sign-in-sessions';
import { ListStatus } from '../../../components/admin/list-status';

/**
 * Where the account is signed in: each sign-in with when it began and was last used, this one
 * marked. One the user does not recognise can be ended at once (its token stops working);
 * ending this one signs out here.
 */
export function SessionsPanel() {
  const { t } = useTranslation('admin');
  const navigate = useNavigate();
  const dateTime = useDateTime();
  const sessions = useSignInSessions();
  const end = useEndSignInSession();

  function endSession(id: string, current: boolean) {
    end.mutate(
      { id, current },
      {
        onSuccess: () => {
          if (!current) return;
          clearToken();
          void navigate('/login?session=signed-out', { replace: true });
        },
      },
    );
  }

  return (
    <section aria-labelledby="sessions-heading">
      <h2 id="sessions-heading" className="text-2xl font-bold text-brand-900">
        {t('sessions.heading')}
      </h2>
      <p className="mt-2 max-w-3xl text-sm text-slate-700">{t('sessions.intro')}</p>
      {end.error ? (
        <div className="mt-4">
          <CommandError error={end.error} />
        </div>
      ) : null}
      <div className="mt-4 rounded-lg border border-slate-200 bg-white shadow-sm">
        {sessions.data ? (
          <ul className="divide-y divide-slate-200">
            {sessions.data.map((session) => (
              <li key={session.id} className="flex flex-wrap items-center justify-between gap-3 px-4 py-3 text-sm">
                <div>
                  <p className="font-semibold text-slate-900">
                    {t('sessions.since', { time: dateTime(session.createdAt) })}
                    {session.current && (
                      <span className="ml-2 rounded bg-brand-50 px-2 py-0.5 text-xs font-semibold text-brand-900 ring-1 ring-brand-200">
                        {t('sessions.current')}
                      </span>
                    )}
                  </p>
                  <p className="text-slate-700">{t('sessions.lastSeen', { time: dateTime(session.lastSeenAt) })}</p>
                </div>
                <button
                  type="button"
                  className={`${secondaryButton} ${smallButton}`}
                  disabled={end.isPending}
                  aria-label={t(session.current ? 'sessions.endCurrentNamed' : 'sessions.endNamed', {
                    time: dateTime(session.createdAt),
                  })}
                  onClick={() => endSession(session.id, session.current)}
                >
                  {t(session.current ? 'sessions.endCurrent' : 'sessions.end')}
                </button>
              </li>
            ))}
          </ul>
        ) : (
          <p className="px-4 py-8 text-center text-slate-700">
            <ListStatus query={sessions} />
          </p>
        )}
      </div>
    </section>
  );
}
