import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { paths } from '../../../config/paths';
import { InvitationForm } from '../../../features/accounts/components/invitation-form';
import { SignInCard } from '../../../features/auth/components/sign-in-card';
import { usePageMeta } from '../../../lib/page-meta';

/**
 * An invitation link's token (`/login#invitation=…`, issue 31): in the fragment, which the browser
 * never sends, and taken out of the address bar and history at once.
 */
function useInvitationToken(): string | undefined {
  const [token] = useState(() => {
    if (typeof window === 'undefined') return undefined;
    const match = /^#invitation=([A-Za-z0-9_-]{20,200})$/.exec(window.location.hash);
    if (match) window.history.replaceState(window.history.state, '', window.location.pathname + window.location.search);
    return match?.[1];
  });
  return token;
}

/**
 * /login in the dashboard's application: the invitee chooses a password there (the sign-in page's
 * script starts the application for an invitation link). Without an invitation, /login is the
 * server's page: the application reaches it (signed out, a session ended) by loading it.
 */
export default function InvitationPage() {
  const { t } = useTranslation('admin');
  usePageMeta('login');
  const navigate = useNavigate();
  const invitation = useInvitationToken();
  useEffect(() => {
    if (!invitation) window.location.replace(window.location.pathname + window.location.search);
  }, [invitation]);
  if (!invitation) return null;
  return (
    <SignInCard heading={t('login.invitation.heading')} intro={t('login.invitation.intro')}>
      <InvitationForm token={invitation} onSignedIn={() => void navigate(paths.dashboard, { replace: true })} />
    </SignInCard>
  );
}
