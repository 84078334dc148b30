import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { type LoginRequest, loginRequestSchema } from '@blitz/contract';
import { login } from '../api/login';
import { primaryButton } from '../../../components/admin/button-classes';
import { formIssueKeys } from './form-errors';
import { TextField } from './form-field';
import { type LoginFailure, loginFailure } from './login-failure';

/** Name, Password and Login (SPEC.md §2); a failure says what went wrong in plain words. */
export function LoginForm({ onSignedIn }: { onSignedIn: () => void }) {
  const { t, i18n } = useTranslation('admin');
  const [failure, setFailure] = useState<LoginFailure>();
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<LoginRequest>({
    resolver: zodResolver(loginRequestSchema, formIssueKeys),
    defaultValues: { username: '', password: '' },
  });

  const submit = handleSubmit(async (credentials) => {
    setFailure(undefined);
    try {
      await login(credentials);
    } catch (error) {
      setFailure(loginFailure(error));
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
        error={errors.username?.message && t(errors.username.message)}
        {...register('username')}
      />
      <TextField
        label={t('login.password')}
        required
        type="password"
        autoComplete="current-password"
        error={errors.password?.message && t(errors.password.message)}
        {...register('password')}
      />
      <button type="submit" className={`${primaryButton} w-full py-2.5 text-base`} disabled={isSubmitting}>
        {isSubmitting ? t('login.submitting') : t('login.submit')}
      </button>
    </form>
  );
}
