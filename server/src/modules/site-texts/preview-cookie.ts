/**
 * The cookie that shows a browser the public pages with the drafts of the site texts: the
 * staff member's sign-in token, HttpOnly and SameSite=Strict, checked like a bearer token on
 * every page request; it ends with the sign-in (log-out, idle time-out, a disabled account), and
 * is then cleared by the next page. With the __Host- prefix on HTTPS, as the language cookie.
 */
export function previewCookie(https: boolean) {
  return {
    name: https ? '__Host-content-preview' : 'content-preview',
    options: { path: '/', httpOnly: true, sameSite: 'strict' as const, secure: https },
  };
}
