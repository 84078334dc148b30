import type { ParseKeys } from 'i18next';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { loginRequestSchema } from '@blitz/contract';
import { login } from '../api/sign-in';
import { primaryButton } from '../../../components/admin/button-classes';
import { formIssueKeys } from '../../../components/admin/form-errors';
import { TextField } from '../../../components/admin/form-field';
import { SecondFactorCodeField } from './second-factor-code-field';
import { type LoginFailure, isCodeRequest, loginFailure } from './login-failure';

/** The form's fields: the code is empty until the server asks for it. */
const loginFormSchema = loginRequestSchema.extend({ code: z.string().trim().max(64) });
type LoginFormValues = z.infer<typeof loginFormSchema>;

/**
 * Name, Password and Login (SPEC.md §2); a failure says what went wrong in plain words. For an
 * account with a second factor the server asks for the code once the password is right: the form
 * then shows a code field under the password and sends all three again.
 */
export function LoginForm({ onSignedIn }: { onSignedIn: () => void }) {
  const { t, i18n } = useTranslation('admin');
  // The form's messages are keys of the admin texts (validation.…), named by its schema.
  const messageOf = (message: string | undefined) => message && t(message as ParseKeys<'admin'>);
  const [failure, setFailure] = useState<LoginFailure>();
  const [needsCode, setNeedsCode] = useState(false);
  const {
    register,
    handleSubmit,
    setError,
    setFocus,
    formState: { errors, isSubmitting },
  } = useForm<LoginFormValues>({
    resolver: zodResolver(loginFormSchema, formIssueKeys),
    defaultValues: { username: '', password: '', code: '' },
  });

  useEffect(() => {
    if (needsCode) setFocus('code');
  }, [needsCode, setFocus]);

  const submit = handleSubmit(async ({ code, ...credentials }) => {
    setFailure(undefined);
    if (needsCode && !code) {
      setError('code', { type: 'required', message: 'validation.required' }, { shouldFocus: true });
      return;
    }
    try {
      await login(needsCode ? { ...credentials, code } : credentials);
    } catch (error) {
      if (isCodeRequest(error)) setNeedsCode(true);
      else setFailure(loginFailure(error));
      return;
    }
    onSignedIn();
  });

  const failureText = (f: LoginFailure) => {
    switch (f.key) {
      case 'login.errors.tooManyAttempts':
        return t(f.key, {
          count: f.count,
          time: new Intl.DateTimeFormat(i18n.language, { hour: '2-digit', minute: '2-digit' }).format(f.retryAt),
        });
      case 'login.errors.unexpected':
        return t(f.key, { status: f.status });
      default:
        return t(f.key);
    }
  };

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="space-y-5">
      {failure && (
        <p role="alert" className="rounded-md border border-red-300 bg-red-50 px-4 py-3 text-sm font-medium text-red-900">
          {failureText(failure)}
        </p>
      )}
      <TextField
        label={t('login.name')}
        required
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        error={messageOf(errors.username?.message)}
        {...register('username')}
      />
      <TextField
        label={t('login.password')}
        required
        type="password"
        autoComplete="current-password"
        error={messageOf(errors.password?.message)}
        {...register('password')}
      />
      {needsCode && (
        <>
          <p role="status" className="rounded-md border border-brand-200 bg-brand-50 px-4 py-3 text-sm text-brand-900">
            {t('login.codeRequested')}
          </p>
          <SecondFactorCodeField error={messageOf(errors.code?.message)} {...register('code')} />
        </>
      )}
      <button type="submit" className={`${primaryButton} w-full py-2.5 text-base`} disabled={isSubmitting}>
        {isSubmitting ? t('login.submitting') : t('login.submit')}
      </button>
    </form>
  );
}
