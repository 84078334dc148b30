/**
 * The texts the audit trail's words are made of (components/audit-words.ts): its own, and the
 * labels of the forms whose fields it names. The tab loads them with its code; a module of its
 * own, so that the dashboard page can name them without taking the tab's code into its chunk.
 */
export const auditNamespaces = [
  'audit',
  'admin',
  'projectEditing',
  'categoryEditing',
  'jobEditing',
  'companyDetails',
  'mailSettings',
  'inquiryTypes',
  'accounts',
  'textEditing',
  'pageEditing',
  'newsEditing',
  'sectionEditing',
  'files',
] as const;
