import { isCodeRequest, loginFailure, type LoginFailure, type SignInRefusal } from '../features/auth/components/login-failure';
import type { SignInAddresses, SignInTexts } from '../features/auth/components/sign-in-form';
import { clearToken, readToken, storeToken } from '../lib/auth-token';
import { parseRetryAfter } from '../lib/retry-after';

/**
 * The sign-in page's script (issue 46): the page is the server's HTML (app/routes/admin/login-page.tsx),
 * and this signs in with its form in plain DOM code, a few KB instead of the dashboard's
 * application. It sends a stored token the server accepts on to the dashboard, shows the notice
 * `?session=` names, and starts the dashboard's application for an invitation link, whose form
 * lives there.
 */
export function enhanceSignIn(form: HTMLFormElement): void {
  if (/^#invitation=/.test(window.location.hash)) return startApplication();
  const texts = JSON.parse(form.dataset['texts'] ?? '{}') as SignInTexts;
  const addresses = JSON.parse(form.dataset['addresses'] ?? '{}') as SignInAddresses;
  const field = (name: string) => form.elements.namedItem(name) as HTMLInputElement;
  const [username, password, code] = [field('username'), field('password'), field('code')];
  const failure = form.querySelector<HTMLElement>('[data-sign-in-failure]')!;
  const codeSection = form.querySelector<HTMLElement>('[data-sign-in-code]')!;
  const submit = form.querySelector<HTMLButtonElement>('button[type=submit]')!;
  let busy = false;

  showSessionNotice();
  void forwardStoredToken(addresses);

  form.addEventListener('submit', (event) => {
    event.preventDefault();
    if (busy) return;
    const needsCode = !codeSection.hidden;
    const missing = [username, password, ...(needsCode ? [code] : [])].filter((input) => !input.value.trim());
    for (const input of [username, password, code]) showFieldError(input, missing.includes(input) ? texts.required : undefined);
    if (missing.length > 0) {
      missing[0]!.focus();
      return;
    }
    const credentials = {
      username: username.value.trim(),
      password: password.value,
      ...(needsCode ? { code: code.value.trim() } : {}),
    };
    void send(credentials);
  });
  form.setAttribute('data-hydrated', '');

  async function send(credentials: Record<string, string>) {
    busy = true;
    failure.hidden = true;
    failure.removeAttribute('role');
    const label = submit.textContent;
    submit.disabled = true;
    submit.textContent = texts.submitting;
    let signedIn = false;
    try {
      const refusal = await signIn(addresses.signIn, credentials);
      signedIn = !refusal;
      if (!refusal) return window.location.assign(addresses.dashboard);
      if (isCodeRequest(refusal)) {
        codeSection.hidden = false;
        codeSection.querySelector('p')!.setAttribute('role', 'status');
        code.focus();
        return;
      }
      failure.textContent = failureText(loginFailure(refusal));
      failure.setAttribute('role', 'alert');
      failure.hidden = false;
    } finally {
      // Signed in, the button stays busy until the dashboard opens.
      if (!signedIn) {
        busy = false;
        submit.disabled = false;
        submit.textContent = label;
      }
    }
  }

  function failureText(f: LoginFailure): string {
    switch (f.key) {
      case 'login.errors.tooManyAttempts': {
        const lang = document.documentElement.lang;
        const category = new Intl.PluralRules(lang).select(f.count);
        const time = new Intl.DateTimeFormat(lang, { hour: '2-digit', minute: '2-digit' }).format(f.retryAt);
        return fill(texts.tooManyAttempts[category] ?? texts.tooManyAttempts['other'] ?? '', { count: f.count, time });
      }
      case 'login.errors.unexpected':
        return fill(texts.unexpected, { status: f.status });
      case 'login.errors.invalidCredentials':
        return texts.invalidCredentials;
      case 'login.errors.invalidCode':
        return texts.invalidCode;
      case 'login.errors.unreachable':
        return texts.unreachable;
    }
  }
}

/** Signs in; undefined when the token is stored, else what the server (or the network) refused. */
async function signIn(address: string, credentials: Record<string, string>): Promise<SignInRefusal | undefined> {
  let response: Response;
  try {
    response = await fetch(address, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(credentials),
    });
  } catch {
    return { status: 0, code: 'network' };
  }
  const body = (await response.json().catch(() => undefined)) as { jwtToken?: unknown; code?: unknown } | undefined;
  if (response.ok && typeof body?.jwtToken === 'string') {
    storeToken(body.jwtToken);
    return undefined;
  }
  return {
    status: response.ok ? 0 : response.status,
    code: typeof body?.code === 'string' ? body.code : undefined,
    retryAfterSeconds: parseRetryAfter(response.headers.get('retry-after')),
  };
}

/** `{{name}}` in a text replaced by its value. */
function fill(text: string, values: Record<string, string | number>): string {
  return text.replace(/\{\{(\w+)\}\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}

/** The field's inline message, wired to it for screen readers as form-field.tsx renders one; none: removed. */
function showFieldError(input: HTMLInputElement, message: string | undefined): void {
  const id = `${input.id}-error`;
  const described = (input.getAttribute('aria-describedby') ?? '').split(' ').filter((other) => other && other !== id);
  document.getElementById(id)?.remove();
  if (message) {
    const error = document.createElement('p');
    error.id = id;
    error.className = 'mt-1 text-sm font-medium text-red-700';
    error.textContent = message;
    input.parentElement!.append(error);
    described.push(id);
    input.setAttribute('aria-invalid', 'true');
  } else {
    input.removeAttribute('aria-invalid');
  }
  if (described.length > 0) input.setAttribute('aria-describedby', described.join(' '));
  else input.removeAttribute('aria-describedby');
}

/** "Ihre Sitzung ist abgelaufen" or "Sie wurden abgemeldet", as `?session=` says (the dashboard sends it). */
function showSessionNotice(): void {
  const session = new URLSearchParams(window.location.search).get('session');
  const notice = session && document.querySelector<HTMLElement>(`[data-notice="${CSS.escape(session)}"]`);
  if (!notice) return;
  notice.hidden = false;
  notice.setAttribute('role', 'status');
}

/**
 * A stored token the server still accepts goes on to the dashboard; a refused one is removed,
 * and the page stays as it is (SPEC.md §8); an unreachable server changes nothing.
 */
async function forwardStoredToken(addresses: SignInAddresses): Promise<void> {
  const token = readToken();
  if (!token) return;
  try {
    const response = await fetch(addresses.verify, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ JWT: token }),
    });
    const answer = (await response.json().catch(() => undefined)) as { valid?: unknown } | undefined;
    if (response.ok && answer?.valid === true) window.location.replace(addresses.dashboard);
    else if (response.status === 401 || response.status === 400 || (response.ok && answer?.valid === false)) clearToken(token);
  } catch {
    // Unreachable: the form is there to sign in anew.
  }
}

/**
 * The dashboard's application, for an invitation link: its address is in the page's head
 * (web/scripts/prerender.mjs), and it takes over the page (app/routes/admin/invitation-page.tsx).
 */
function startApplication(): void {
  const entry = document.querySelector<HTMLMetaElement>('meta[name="admin-app"]')?.content;
  if (entry) void import(/* @vite-ignore */ entry);
}
