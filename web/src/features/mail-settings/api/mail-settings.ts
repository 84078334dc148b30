import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type MailSettings, apiRoutes, mailSettingsSchema, mailTestResultSchema } from '@blitz/contract';
import { apiRequest } from '../../../lib/api-client';

export const mailSettingsQueryKey = ['mail-settings'] as const;

/** Where inquiries are mailed and who sends them (admin only). */
export const mailSettingsQueryOptions = () =>
  queryOptions({
    queryKey: mailSettingsQueryKey,
    queryFn: ({ signal }) => apiRequest(apiRoutes.mailSettings.settings, { schema: mailSettingsSchema, admin: true, signal }),
  });

export const useMailSettings = () => useQuery(mailSettingsQueryOptions());

export function useSaveMailSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: MailSettings) =>
      apiRequest(apiRoutes.mailSettings.settings, { method: 'PUT', body: settings, schema: mailSettingsSchema, admin: true }),
    onSuccess: (saved) => queryClient.setQueryData(mailSettingsQueryKey, saved),
  });
}

/** One test mail to every recipient saved; the answer says per address whether the mail server took it. */
export function useSendTestMail() {
  return useMutation({
    mutationFn: () => apiRequest(apiRoutes.mailSettings.test, { method: 'POST', schema: mailTestResultSchema, admin: true }),
  });
}
