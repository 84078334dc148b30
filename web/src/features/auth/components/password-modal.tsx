import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { passwordPolicy } from '@blitz/contract';
import { ModalDialog } from '../../../components/admin/modal-dialog';
import { notify } from '../../../lib/notify';
import { changePassword } from '../api/sign-in';
import { useSecondFactorStatus } from '../api/second-factor';
import { formIssueKeys } from '../../../components/admin/form-errors';
import { CurrentPasswordField } from './current-password-field';
import { TextField } from '../../../components/admin/form-field';
import { SecondFactorCodeField } from './second-factor-code-field';
import { ModalForm } from '../../../components/admin/modal-form';
import { type PasswordFormValues, passwordFieldError, passwordFormSchema } from './password-form';

/**
 * Change password (width limit 2xl): current password (and a code, with two-step sign-in on),
 * new password, the new one again.
 */
export function PasswordModal({ open, onClose, onChanged }: { open: boolean; onClose: () => void; onChanged: () => void }) {
  const { t } = useTranslation('admin');
  // Asked when opened; refused (403) while the generated password is in place, when there is no factor yet.
  const secondFactor = useSecondFactorStatus({ enabled: open });
  return (
    <ModalDialog open={open} onClose={onClose} size="narrow" title={t('password.title')}>
      {/* Once it is known whether to ask for a code, so that the field does not appear under the user's typing. */}
      {open && !secondFactor.isLoading && (
        <PasswordForm
          onChanged={() => {
            onChanged();
            onClose();
          }}
          onCancel={onClose}
          askCode={secondFactor.data?.enabled ?? false}
        />
      )}
    </ModalDialog>
  );
}

/**
 * The fields, Save and — where the change can be put off — Cancel. With two-step sign-in on, the
 * change is a full sign-in again: a code from the app is asked for under the current password.
 */
export function PasswordForm({
  onChanged,
  onCancel,
  askCode = false,
}: {
  onChanged: () => void;
  onCancel?: () => void;
  askCode?: boolean;
}) {
  const { t } = useTranslation('admin');
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<PasswordFormValues>({
    resolver: zodResolver(passwordFormSchema, formIssueKeys),
    defaultValues: { currentPassword: '', newPassword: '', repeatPassword: '', code: '' },
  });
  const change = useMutation({
    mutationFn: changePassword,
    onSuccess: () => {
      notify(t('password.changed'));
      onChanged();
    },
    onError: (error) => {
      const marked = passwordFieldError(error);
      if (marked) setError(marked.field, { type: 'server', message: marked.key }, { shouldFocus: true });
    },
  });
  const submit = handleSubmit(({ currentPassword, newPassword, code }) => {
    if (askCode && !code) return setError('code', { type: 'required', message: 'validation.required' }, { shouldFocus: true });
    change.mutate({ currentPassword, newPassword, ...(askCode ? { code } : {}) });
  });
  // A refusal shown at its field is not also a 'Command Failed' above the form.
  const refusal = passwordFieldError(change.error);
  const unexplained = change.error && !refusal ? change.error : undefined;
  const message = (error: { message?: string | undefined } | undefined) =>
    error?.message
      ? t(error.message as 'validation.required', { minutes: refusal?.minutes, min: passwordPolicy.minLength })
      : undefined;

  return (
    <ModalForm onSubmit={(event) => void submit(event)} onCancel={onCancel} saving={change.isPending} error={unexplained}>
      <CurrentPasswordField error={message(errors.currentPassword)} {...register('currentPassword')} />
      {askCode && <SecondFactorCodeField error={message(errors.code)} {...register('code')} />}
      <TextField
        type="password"
        autoComplete="new-password"
        label={t('password.new')}
        hint={t('password.rule', { min: passwordPolicy.minLength })}
        required
        error={message(errors.newPassword)}
        {...register('newPassword')}
      />
      <TextField
        type="password"
        autoComplete="new-password"
        label={t('password.repeat')}
        required
        error={message(errors.repeatPassword)}
        {...register('repeatPassword')}
      />
    </ModalForm>
  );
}
