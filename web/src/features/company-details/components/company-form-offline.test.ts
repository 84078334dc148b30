import { describe, expect, it, vi } from 'vitest';
import { defaultCompanyDetails } from '@blitz/contract';
import { companyFormResolver, companyFormValues } from './company-form';

// The form's check is a module of its own, loaded when needed (decision 072): here it cannot load.
vi.mock('./company-check', () => {
  throw new Error('the network is gone');
});

describe('the company form without its check', () => {
  it('lets the save go to the server, which checks it with the same schema', async () => {
    const values = { ...companyFormValues(defaultCompanyDetails), email: 'info(at)blitz' };
    const result = await companyFormResolver(values, undefined, { fields: {}, shouldUseNativeValidation: false });
    expect(result).toEqual({ values, errors: {} });
  });
});
