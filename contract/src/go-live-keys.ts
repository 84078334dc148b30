// Zod-free: the dashboard's first view reads the go-live checklist without loading zod (issue 46).

/** The items of the go-live checklist, in the order the dashboard shows them. */
export const checklistKeys = [
  'companyDetails',
  'logo',
  'publicAddress',
  'mailRecipients',
  'sampleContent',
  'legalTexts',
  'secondFactor',
  'backup',
  'oldAddresses',
] as const;
export type ChecklistKey = (typeof checklistKeys)[number];
