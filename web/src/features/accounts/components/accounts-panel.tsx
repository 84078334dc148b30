import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type Account, type Invitation, type UserRole, hasInquiryLimit, inquirySubjects, userRoles } from '@blitz/contract';
import { dangerButton, primaryButton, secondaryButton, smallButton } from '../../../components/admin/button-classes';
import { CommandError } from '../../../components/admin/command-error';
import { DisplayNameForm } from '../../../components/admin/display-name-form';
import { SelectField, TextAreaField, TextField } from '../../../components/admin/form-field';
import { ListStatus } from '../../../components/admin/list-status';
import { ModalDialog } from '../../../components/admin/modal-dialog';
import { ItemMissNotice, itemId, useItemParam } from '../../../components/admin/opened-item';
import {
  useAccounts,
  useDeleteAccount,
  useInviteAccount,
  useResendInvitation,
  useResetAccount,
  useRevokeInvitation,
  useUpdateAccount,
} from '../api/accounts';
import { InvitationLink } from './invitation-link';
import { RoleMatrix } from './role-matrix';
import { inquiryTypeName } from '../../../lib/inquiry-type-name';
import { useInquiryTypeList, useInquiryTypeName } from '../../../lib/inquiry-type-list';

type ShownLink = { username: string; invitation: Invitation; mailed: boolean };

/** The admin's accounts (issue 31): invite, change role and inquiry types, disable, reset, delete. */
export function AccountsPanel({ self }: { self: string }) {
  const { t } = useTranslation(['accounts', 'admin']);
  const headingId = useId();
  const accounts = useAccounts();
  const [link, setLink] = useState<ShownLink>();
  // The audit trail's "Open" names an account in the address: it is marked and scrolled to.
  const item = useItemParam();
  const highlight = item && itemId(item.value);
  const [dismissed, setDismissed] = useState<object>();
  const gone =
    item !== undefined &&
    item !== dismissed &&
    accounts.data !== undefined &&
    !accounts.data.data.some((a) => a.id === highlight);
  return (
    <section aria-labelledby={headingId} className="grid gap-6">
      <div>
        <h2 id={headingId} className="mb-2 text-2xl font-bold text-brand-900">
          {t('heading')}
        </h2>
        <p className="max-w-3xl text-slate-700">{t('intro')}</p>
      </div>
      {link && <InvitationLink {...link} onClose={() => setLink(undefined)} />}
      <InviteForm onInvited={setLink} />
      <ItemMissNotice miss={gone ? 'gone' : undefined} onDismiss={() => setDismissed(item)} />
      {accounts.data ? (
        <AccountTable accounts={accounts.data.data} self={self} onLink={setLink} highlight={highlight} />
      ) : (
        <ListStatus query={accounts} />
      )}
      <RoleMatrix />
    </section>
  );
}

function TypeChoice({ value, onChange }: { value: string[] | null; onChange: (next: string[] | null) => void }) {
  const { t, i18n } = useTranslation(['accounts', 'admin', 'inbox']);
  const lang = i18n.language === 'en' ? 'en' : 'de';
  // Every type in the form, those staff added too (issue 44); SPEC.md's three until the list is read.
  const all = useInquiryTypeList().data?.filter((type) => !type.removed) ?? inquirySubjects.map((key) => ({ key, names: null }));
  const keys = all.map((type) => type.key);
  const chosen: string[] = value ?? keys;
  const toggle = (subject: string, box: HTMLInputElement) => {
    const next = chosen.includes(subject) ? chosen.filter((s) => s !== subject) : [...chosen, subject];
    // Every type is no limit; none is not allowed: the last box stays ticked (put back in the
    // field itself, as Preact, the dashboard's runtime, re-renders only when the state changes).
    if (next.length === 0) {
      box.checked = true;
      return;
    }
    onChange(keys.every((key) => next.includes(key)) ? null : next);
  };
  return (
    <fieldset>
      <legend className="text-sm font-semibold text-slate-800">{t('inquiryTypes')}</legend>
      <div className="mt-1 flex flex-wrap gap-4">
        {all.map((type) => (
          <label key={type.key} className="flex items-center gap-2 text-sm text-slate-800">
            <input
              type="checkbox"
              checked={chosen.includes(type.key)}
              onChange={(event) => toggle(type.key, event.currentTarget)}
            />
            {inquiryTypeName(type.key, type.names, lang, (s) => t(`types.${s}`))}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

function RoleSelect({ value, onChange }: { value: UserRole; onChange: (role: UserRole) => void }) {
  const { t } = useTranslation(['accounts', 'admin']);
  return (
    <SelectField label={t('role')} required value={value} onChange={(e) => onChange(e.target.value as UserRole)}>
      {userRoles.map((role) => (
        <option key={role} value={role}>
          {t(`roles.${role}`)}
        </option>
      ))}
    </SelectField>
  );
}

function InviteForm({ onInvited }: { onInvited: (link: ShownLink) => void }) {
  const { t } = useTranslation(['accounts', 'admin']);
  const invite = useInviteAccount();
  const [username, setUsername] = useState('');
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<UserRole>('editor');
  const [types, setTypes] = useState<string[] | null>(null);
  const [error, setError] = useState<string>();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!/^[\p{L}\p{N}._@-]+$/u.test(username.trim())) return setError(t('errors.username'));
    setError(undefined);
    invite.mutate(
      { username: username.trim(), role, email: email.trim() || null, ...(hasInquiryLimit(role) ? { inquiryTypes: types } : {}) },
      {
        onSuccess: (created) => {
          onInvited({ username: created.username, invitation: created.invitation, mailed: created.mailed });
          setUsername('');
          setEmail('');
        },
      },
    );
  };
  return (
    <form
      noValidate
      onSubmit={submit}
      aria-label={t('invite')}
      className="grid gap-4 rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:p-5"
    >
      <h3 className="text-lg font-bold text-brand-900">{t('invite')}</h3>
      <div className="grid gap-4 sm:grid-cols-3">
        <TextField
          label={t('username')}
          required
          autoComplete="off"
          error={error}
          value={username}
          onChange={(e) => setUsername(e.target.value)}
        />
        <TextField
          label={t('email')}
          type="email"
          hint={t('emailHint')}
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
        <RoleSelect value={role} onChange={setRole} />
      </div>
      {hasInquiryLimit(role) && <TypeChoice value={types} onChange={setTypes} />}
      {invite.isError && <CommandError error={invite.error} />}
      <div>
        <button type="submit" className={primaryButton} disabled={invite.isPending}>
          {t('inviteSubmit')}
        </button>
      </div>
    </form>
  );
}

function AccountTable({
  accounts,
  self,
  onLink,
  highlight,
}: {
  accounts: Account[];
  self: string;
  onLink: (link: ShownLink) => void;
  /** The account the audit trail's "Open" named: marked, scrolled to and focused. */
  highlight?: number | undefined;
}) {
  const { t, i18n } = useTranslation(['accounts', 'admin']);
  const typeName = useInquiryTypeName((s) => t(`types.${s}`));
  const highlighted = useRef<HTMLLIElement>(null);
  useEffect(() => {
    highlighted.current?.scrollIntoView({ block: 'center' });
    highlighted.current?.focus({ preventScroll: true });
  }, [highlight]);
  const update = useUpdateAccount();
  const remove = useDeleteAccount();
  const resend = useResendInvitation();
  const revoke = useRevokeInvitation();
  const [editing, setEditing] = useState<Account>();
  const [naming, setNaming] = useState<Account>();
  const [resetting, setResetting] = useState<Account>();
  const failed = [update, remove, resend, revoke].find((m) => m.isError);
  const time = (at: string | null) =>
    at ? new Date(at).toLocaleString(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }) : t('never');
  const small = `${secondaryButton} ${smallButton}`;
  return (
    <div className="grid gap-3">
      {failed && <CommandError error={failed.error} />}
      <ul aria-label={t('heading')} className="grid gap-3">
        {accounts.map((account) => (
          <li
            key={account.id}
            aria-label={account.username}
            {...(account.id === highlight ? { ref: highlighted, tabIndex: -1, 'aria-current': true } : {})}
            className={`grid gap-3 rounded-lg border bg-white p-4 text-sm shadow-sm sm:grid-cols-[minmax(0,1fr)_auto] sm:items-start ${
              account.id === highlight ? 'border-accent-500 ring-2 ring-accent-500 focus:outline-none' : 'border-slate-200'
            }`}
          >
            <dl className="grid grid-cols-2 gap-x-4 gap-y-2 sm:grid-cols-4">
              <div className="col-span-2 sm:col-span-1">
                <dt className="sr-only">{t('username')}</dt>
                <dd className="font-semibold break-words text-slate-900">
                  {account.displayName ?? account.username}
                  {account.username === self && <span className="ml-1 font-normal text-slate-600">{t('you')}</span>}
                  {account.displayName && <span className="block text-xs font-normal text-slate-600">{account.username}</span>}
                  {account.email && <span className="block text-xs font-normal text-slate-600">{account.email}</span>}
                </dd>
              </div>
              <div>
                <dt className="text-xs font-semibold text-slate-600">{t('role')}</dt>
                <dd className="text-slate-900">
                  {t(`roles.${account.role}`)}
                  {account.inquiryTypes && (
                    <span className="block text-xs text-slate-600">{account.inquiryTypes.map(typeName).join(', ')}</span>
                  )}
                </dd>
              </div>
              <div>
                <dt className="text-xs font-semibold text-slate-600">{t('state')}</dt>
                <dd className="text-slate-900">
                  {t(`states.${account.state}`)}
                  {account.state === 'invited' && (
                    <span className="block text-xs text-slate-600">
                      {account.invitationExpiresAt ? t('linkUntil', { until: time(account.invitationExpiresAt) }) : t('noLink')}
                    </span>
                  )}
                </dd>
              </div>
              <div>
                <dt className="text-xs font-semibold text-slate-600">{t('lastSignIn')}</dt>
                <dd className="text-slate-900">{time(account.lastSignInAt)}</dd>
              </div>
            </dl>
            <div className="flex flex-wrap gap-2 sm:max-w-md sm:justify-end">
              <button type="button" className={small} onClick={() => setEditing(account)}>
                {t('edit')}
              </button>
              <button type="button" className={small} onClick={() => setNaming(account)}>
                {t('admin:displayName.label')}
              </button>
              <button
                type="button"
                className={small}
                onClick={() => update.mutate({ id: account.id, disabled: account.state !== 'disabled' })}
              >
                {account.state === 'disabled' ? t('enable') : t('disable')}
              </button>
              {account.state === 'invited' ? (
                <>
                  <button
                    type="button"
                    className={small}
                    onClick={() =>
                      resend.mutate(account.id, { onSuccess: (sent) => onLink({ username: account.username, ...sent }) })
                    }
                  >
                    {t('resend')}
                  </button>
                  {account.invitationExpiresAt && (
                    <button type="button" className={small} onClick={() => revoke.mutate(account.id)}>
                      {t('revoke')}
                    </button>
                  )}
                </>
              ) : (
                <button type="button" className={small} onClick={() => setResetting(account)}>
                  {t('reset')}
                </button>
              )}
              <button
                type="button"
                className={`${dangerButton} ${smallButton}`}
                onClick={() => {
                  if (window.confirm(t('confirmDelete', { username: account.username }))) remove.mutate(account.id);
                }}
              >
                {t('admin:actions.delete')}
              </button>
            </div>
          </li>
        ))}
      </ul>
      <ModalDialog open={editing !== undefined} onClose={() => setEditing(undefined)} title={t('edit')} size="narrow">
        {editing && <EditForm account={editing} onDone={() => setEditing(undefined)} />}
      </ModalDialog>
      <ModalDialog
        open={naming !== undefined}
        onClose={() => setNaming(undefined)}
        title={naming ? t('admin:displayName.title', { username: naming.username }) : ''}
        size="narrow"
      >
        {naming && (
          <DisplayNameForm
            username={naming.username}
            initial={naming.displayName}
            save={(displayName) => update.mutateAsync({ id: naming.id, displayName })}
            onDone={() => setNaming(undefined)}
          />
        )}
      </ModalDialog>
      <ModalDialog open={resetting !== undefined} onClose={() => setResetting(undefined)} title={t('reset')} size="narrow">
        {resetting && (
          <ResetForm
            account={resetting}
            onDone={(link) => {
              setResetting(undefined);
              onLink(link);
            }}
          />
        )}
      </ModalDialog>
    </div>
  );
}

function EditForm({ account, onDone }: { account: Account; onDone: () => void }) {
  const { t } = useTranslation(['accounts', 'admin']);
  const update = useUpdateAccount();
  const [role, setRole] = useState<UserRole>(account.role);
  const [types, setTypes] = useState<string[] | null>(account.inquiryTypes);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    update.mutate({ id: account.id, role, ...(hasInquiryLimit(role) ? { inquiryTypes: types } : {}) }, { onSuccess: onDone });
  };
  return (
    <form noValidate onSubmit={submit} className="grid gap-4 p-4 sm:p-6">
      <p className="text-slate-700">{t('editIntro', { username: account.username })}</p>
      <RoleSelect value={role} onChange={setRole} />
      {hasInquiryLimit(role) && <TypeChoice value={types} onChange={setTypes} />}
      {update.isError && <CommandError error={update.error} />}
      <div className="flex gap-3">
        <button type="submit" className={primaryButton} disabled={update.isPending}>
          {t('admin:actions.save')}
        </button>
        <button type="button" className={secondaryButton} onClick={onDone}>
          {t('admin:actions.cancel')}
        </button>
      </div>
    </form>
  );
}

function ResetForm({ account, onDone }: { account: Account; onDone: (link: ShownLink) => void }) {
  const { t } = useTranslation(['accounts', 'admin']);
  const reset = useResetAccount();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string>();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!reason.trim()) return setError(t('admin:validation.required'));
    setError(undefined);
    reset.mutate(
      { id: account.id, reason: reason.trim() },
      { onSuccess: (sent) => onDone({ username: account.username, ...sent }) },
    );
  };
  return (
    <form noValidate onSubmit={submit} className="grid gap-4 p-4 sm:p-6">
      <p className="text-slate-700">{t('resetIntro', { username: account.username })}</p>
      <TextAreaField
        label={t('reason')}
        required
        rows={3}
        maxLength={500}
        error={error}
        value={reason}
        onChange={(e) => setReason(e.target.value)}
      />
      {reset.isError && <CommandError error={reset.error} />}
      <div className="flex gap-3">
        <button type="submit" className={dangerButton} disabled={reset.isPending}>
          {t('resetSubmit')}
        </button>
      </div>
    </form>
  );
}
