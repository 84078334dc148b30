import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { passwordPolicy } from '@blitz/contract';
import { primaryButton } from '../../../components/admin/button-classes';
import { CommandError } from '../../../components/admin/command-error';
import { TextField } from '../../../components/admin/form-field';
import { isApiError } from '../../../lib/api-client';
import { acceptInvitation } from '../api/accounts';

/**
 * The invitee's page (`/login#invitation=…`): they choose their own password, twice; the rules
 * are every password's (the server checks them). Signed in, two-step sign-in is set up next
 * where the site requires it, as after any first sign-in.
 */
export function InvitationForm({ token, onSignedIn }: { token: string; onSignedIn: () => void }) {
  const { t } = useTranslation(['accounts', 'admin']);
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [errors, setErrors] = useState<{ password?: string; repeat?: string }>({});
  const [invalid, setInvalid] = useState(false);
  const [failed, setFailed] = useState<unknown>();
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailed(undefined);
    if (password.length < passwordPolicy.minLength) {
      return setErrors({ password: t('admin:password.errors.tooShort', { min: passwordPolicy.minLength }) });
    }
    if (repeat !== password) return setErrors({ repeat: t('admin:password.errors.mismatch') });
    setErrors({});
    setBusy(true);
    try {
      await acceptInvitation(token, password);
      onSignedIn();
    } catch (error) {
      if (isApiError(error) && error.code === 'invitation_invalid') setInvalid(true);
      else if (isApiError(error) && error.fieldErrors.some((e) => e.field === 'password')) {
        setErrors({ password: t('admin:password.errors.weak') });
      } else setFailed(error);
    } finally {
      setBusy(false);
    }
  };

  if (invalid) {
    return (
      <p role="alert" className="rounded-md border border-red-300 bg-red-50 px-4 py-3 text-sm text-red-900">
        {t('admin:login.invitation.invalid')}
      </p>
    );
  }
  return (
    <form noValidate onSubmit={(e) => void submit(e)} className="grid gap-4" aria-label={t('admin:login.invitation.heading')}>
      <TextField
        label={t('admin:login.invitation.password')}
        type="password"
        autoComplete="new-password"
        required
        hint={t('admin:password.rule', { min: passwordPolicy.minLength })}
        error={errors.password}
        value={password}
        onChange={(e) => setPassword(e.target.value)}
      />
      <TextField
        label={t('admin:login.invitation.repeat')}
        type="password"
        autoComplete="new-password"
        required
        error={errors.repeat}
        value={repeat}
        onChange={(e) => setRepeat(e.target.value)}
      />
      {failed !== undefined && <CommandError error={failed} />}
      <button type="submit" className={primaryButton} disabled={busy}>
        {t('admin:login.invitation.submit')}
      </button>
    </form>
  );
}
