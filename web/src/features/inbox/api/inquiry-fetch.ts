import { type InquiryDetail, apiRoutes } from '@blitz/contract';
import { apiRequest } from '../../../lib/api-client';
import { inquiryDetailAnswer } from '../../../lib/answer-reader';

/**
 * One inquiry, loaded when one is opened (with the dialog's code). Read without zod, as the list
 * is: the dialog's code is fetched when the browser is idle after the list (issue 46).
 */
export function fetchInquiry(id: number, signal?: AbortSignal): Promise<InquiryDetail> {
  return apiRequest(apiRoutes.inbox.onePath(id), { schema: inquiryDetailAnswer, admin: true, signal });
}
