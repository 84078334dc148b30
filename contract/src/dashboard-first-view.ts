/**
 * /dashboard with the inbox's first page in its HTML (decision 067): where the browser sends the
 * staff member's dashboard cookie, the server renders the page from these answers, as the API gave
 * them for that sign-in, and hands them to the browser's application in the page's data under
 * `dashboardFirstViewKey`, which starts from them instead of asking again.
 */
export const dashboardFirstViewKey = 'dashboardFirstView';

/** Inquiries per page of the inbox (the list's first page is the first view). */
export const inboxPageLength = 20;

/** How much of the token the first view names: the browser takes it only for its own sign-in. */
export const firstViewTokenTail = (token: string) => token.slice(-16);

/**
 * The cookie in which the browser's application says which sign-in it holds now (the stored
 * token's `firstViewTokenTail`), written whenever it stores the token and removed with it, offline
 * too. The server renders the first view only where it names the dashboard cookie's token: a
 * sign-out that reached only the browser, or a token stored without the dashboard cookie
 * following, gets the page without anyone's inbox. Not a credential (a script may read it).
 * `__Host-` over HTTPS, as the other cookies.
 */
export const dashboardHolderCookieName = (https: boolean) => (https ? '__Host-dashboard-holder' : 'dashboard-holder');

export type DashboardFirstView = {
  /** The end of the token the page was rendered for (`firstViewTokenTail`). */
  token: string;
  /** POST /login/Verfy's answer for that token. */
  session: unknown;
  /** GET /Inquiry: the inbox's first page, the default filter. */
  inbox: unknown;
  /** GET /Inquiry with Spam=true and one row: the spam view's count. */
  spam: unknown;
  /** GET /Inquiry/Unread: the tab's count. */
  unread: unknown;
  /** GET /Settings/Checklist for an admin, else null. */
  checklist: unknown;
  /**
   * GET /InquiryType, GET /Inquiry/Jobs and GET /Job?PageLength=100: the names the inbox shows and
   * filters by; each null where it could not be read (the application then asks for it itself).
   */
  inquiryTypes: unknown;
  appliedJobs: unknown;
  jobs: unknown;
};
