import { type CompanyDetailsInput, companyDetailsInputSchema } from '@blitz/contract';

/** The company details as the server checks a save (company-form.ts loads this when it is needed). */
export const checkCompanyDetails = (input: CompanyDetailsInput) => companyDetailsInputSchema.safeParse(input);
