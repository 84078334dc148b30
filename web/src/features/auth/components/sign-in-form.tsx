import { useTranslation } from 'react-i18next';
import { apiUrl, authRoutes, pages, passwordPolicy, signInLimits } from '@blitz/contract';
import { primaryButton } from '../../../components/admin/button-classes';
import { TextField } from '../../../components/admin/form-field';
import { SecondFactorCodeField } from './second-factor-code-field';

/**
 * The words the sign-in page's script shows (islands/sign-in.ts), in the page's language as the
 * server rendered it: the finished sentences, and for the two with numbers their templates
 * (`{{count}}`, `{{time}}`, `{{status}}`; the minutes' sentence per plural category).
 */
export type SignInTexts = {
  required: string;
  submitting: string;
  invalidCredentials: string;
  invalidCode: string;
  unreachable: string;
  tooManyAttempts: Record<string, string>;
  unexpected: string;
};

/**
 * Where the sign-in page's script sends what (islands/sign-in.ts): given with the page, so that the
 * script carries no route table and shares no chunk with the contact form's island.
 */
export type SignInAddresses = { signIn: string; verify: string; dashboard: string };

/** How the sign-in page's notices look (the session's end, the code asked for). */
export const signInNotice = 'rounded-md border border-brand-200 bg-brand-50 px-4 py-3 text-sm text-brand-900';

/**
 * Name, Password and Login (SPEC.md §2), rendered by the server into the page; the page's script
 * signs in with it (islands/sign-in.ts). The code field of a two-step sign-in is in the page,
 * hidden until the server asks for the code. The form is sent by POST, so that a password never
 * lands in an address even if the script is missing.
 */
export function SignInForm() {
  const { t, i18n } = useTranslation('admin');
  // The sentence for each plural category of the language, its numbers left as placeholders
  // (`replace` fills the others, as the company's name; `count` only chooses the category).
  const rules = new Intl.PluralRules(i18n.language);
  const sampleOf = (category: string) => [...Array(200).keys()].find((n) => rules.select(n) === category) ?? 0;
  const texts: SignInTexts = {
    required: t('validation.required'),
    submitting: t('login.submitting'),
    invalidCredentials: t('login.errors.invalidCredentials'),
    invalidCode: t('login.errors.invalidCode'),
    unreachable: t('login.errors.unreachable'),
    tooManyAttempts: Object.fromEntries(
      rules
        .resolvedOptions()
        .pluralCategories.map((category) => [
          category,
          t('login.errors.tooManyAttempts', { count: sampleOf(category), replace: { count: '{{count}}', time: '{{time}}' } }),
        ]),
    ),
    unexpected: t('login.errors.unexpected', { replace: { status: '{{status}}' } }),
  };
  const addresses: SignInAddresses = {
    signIn: apiUrl(authRoutes.login),
    verify: apiUrl(authRoutes.verify),
    dashboard: pages.dashboard.path,
  };
  return (
    <form
      method="post"
      noValidate
      data-island="sign-in"
      data-texts={JSON.stringify(texts)}
      data-addresses={JSON.stringify(addresses)}
      className="space-y-5"
    >
      <p
        hidden
        data-sign-in-failure
        className="rounded-md border border-red-300 bg-red-50 px-4 py-3 text-sm font-medium text-red-900"
      />
      <TextField
        label={t('login.name')}
        name="username"
        required
        maxLength={signInLimits.username}
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
      />
      <TextField
        label={t('login.password')}
        name="password"
        required
        type="password"
        maxLength={passwordPolicy.maxLength}
        autoComplete="current-password"
      />
      <div hidden data-sign-in-code className="space-y-5">
        <p className={signInNotice}>{t('login.codeRequested')}</p>
        <SecondFactorCodeField name="code" maxLength={signInLimits.code} />
      </div>
      <button type="submit" className={`${primaryButton} w-full py-2.5 text-base`}>
        {t('login.submit')}
      </button>
    </form>
  );
}
