// Zod-free: the inbox's list names them without loading zod (issue 46).

/** How far the mail to the company has got. `logged`: no SMTP_URL was set, the mail went to the log. */
export const deliveryStatuses = ['pending', 'delivered', 'failed', 'logged', 'skipped'] as const;

/**
 * Where an inquiry stands (issue 42): new → in progress → answered → closed; staff may set any of
 * them at any time. `closed` is what "handled" was before.
 */
export const inquiryStatuses = ['new', 'inProgress', 'answered', 'closed'] as const;
