/**
 * The cookie that shows a browser the public pages with the drafts of the page texts: the
 * staff member's sign-in token, HttpOnly and SameSite=Strict, checked like a bearer token on
 * every page request; it ends with the sign-in (log-out, idle time-out, a disabled account).
 * With the __Host- prefix on HTTPS, as the language cookie.
 */
export const previewCookieName = (https: boolean) => (https ? '__Host-content-preview' : 'content-preview');
