import { type InquiryDetail, apiRoutes, inquiryDetailSchema } from '@blitz/contract';
import { apiRequest } from '../../../lib/api-client';

/**
 * One inquiry, read by the contract's schema: loaded when one is opened, since the list (the
 * dashboard's first view) reads its answers without zod (issue 46).
 */
export function fetchInquiry(id: number, signal?: AbortSignal): Promise<InquiryDetail> {
  return apiRequest(apiRoutes.inbox.onePath(id), { schema: inquiryDetailSchema, admin: true, signal });
}
