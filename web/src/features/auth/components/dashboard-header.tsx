import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { type AdminSession, logout } from '../api/sign-in';
import { secondaryButton } from '../../../components/admin/button-classes';
import { DisplayNameForm } from '../../../components/admin/display-name-form';
import { lazyPanel } from '../../../components/admin/lazy-panel';
import { ModalDialog } from '../../../components/admin/modal-dialog';
import { useConfirmDiscard } from '../../../components/admin/unsaved-changes';
import { saveOwnDisplayName } from '../api/own-account';

const headerButton = `${secondaryButton} max-sm:gap-0 max-sm:px-1.5 max-sm:py-1.5`;

/** A header button's icon, left out on a phone. */
function HeaderIcon({ children }: { children: ReactNode }) {
  return (
    <svg
      aria-hidden="true"
      className="max-sm:hidden"
      width="16"
      height="16"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
    >
      {children}
    </svg>
  );
}

// The password form (and the form library it brings) loads when the button is first touched or focused.
const PasswordModal = lazyPanel(() => import('./password-modal').then((m) => m.PasswordModal), [], null);

/** The dashboard's title, who is signed in (by their display name, which they may change here), Change password and Logout. */
export function DashboardHeader({
  session,
  onPasswordChanged,
  mayRename,
}: {
  session: AdminSession;
  onPasswordChanged: () => void;
  /** Offers "My name" (not while only a password change or the second factor's set-up is allowed). */
  mayRename: boolean;
}) {
  const { t } = useTranslation('admin');
  const navigate = useNavigate();
  const [leaving, setLeaving] = useState(false);
  const [changingPassword, setChangingPassword] = useState(false);
  // Mounted from its first opening on, so that closing it gives the focus back as any dialog does.
  const [passwordOpened, setPasswordOpened] = useState(false);
  const [displayName, setDisplayName] = useState(session.displayName);
  const [naming, setNaming] = useState(false);
  const confirmDiscard = useConfirmDiscard();

  async function signOut() {
    setLeaving(true);
    await logout();
    void navigate('/login?session=signed-out', { replace: true });
  }

  return (
    <div className="mb-4 flex flex-wrap items-end justify-between gap-3 sm:mb-6 sm:gap-4">
      <div>
        <h1 className="text-2xl font-bold text-brand-900 sm:text-3xl">{t('dashboard.heading')}</h1>
        <p className="mt-1 text-sm text-slate-600">
          {displayName
            ? t('dashboard.signedInAsNamed', { name: displayName, username: session.username })
            : t('dashboard.signedInAs', { username: session.username })}
        </p>
      </div>
      {/* On a phone smaller, without their icons, so that the three fit one row in German (issue 46). */}
      <div className="flex flex-wrap gap-1 sm:gap-3">
        {mayRename && (
          <button type="button" className={headerButton} onClick={() => setNaming(true)}>
            <HeaderIcon>
              <circle cx="12" cy="8" r="4" />
              <path d="M4 20c1.5-4 4.5-6 8-6s6.5 2 8 6" />
            </HeaderIcon>
            {t('displayName.own')}
          </button>
        )}
        <button
          type="button"
          className={headerButton}
          onPointerDown={() => void PasswordModal.preload()}
          onFocus={() => void PasswordModal.preload()}
          onClick={() => {
            setPasswordOpened(true);
            setChangingPassword(true);
          }}
        >
          <HeaderIcon>
            <rect x="5" y="11" width="14" height="9" rx="1" />
            <path d="M8 11V8a4 4 0 0 1 8 0v3" />
          </HeaderIcon>
          {t('dashboard.changePassword')}
        </button>
        <button type="button" className={headerButton} disabled={leaving} onClick={() => confirmDiscard(() => void signOut())}>
          <HeaderIcon>
            <path d="M15 4h4v16h-4M10 8l-4 4 4 4M6 12h10" />
          </HeaderIcon>
          {t('dashboard.logout')}
        </button>
      </div>
      <ModalDialog open={naming} onClose={() => setNaming(false)} size="narrow" title={t('displayName.ownTitle')}>
        {naming && (
          <DisplayNameForm
            username={session.username}
            initial={displayName}
            save={async (name) => setDisplayName((await saveOwnDisplayName(name)).displayName)}
            onDone={() => setNaming(false)}
          />
        )}
      </ModalDialog>
      {passwordOpened && (
        <PasswordModal open={changingPassword} onClose={() => setChangingPassword(false)} onChanged={onPasswordChanged} />
      )}
    </div>
  );
}
