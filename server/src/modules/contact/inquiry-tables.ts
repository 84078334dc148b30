/**
 * Tables the database derives from `inquiries` by triggers (the kept counts, decision 055): never
 * archived, since a restore's inserts into `inquiries` fill them again.
 */
export const derivedInquiryTables = ['inquiry_counts'] as const;
