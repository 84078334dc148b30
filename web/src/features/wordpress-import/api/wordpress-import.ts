import { useEffect, useRef } from 'react';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { type ImportJob, apiRoutes, importJobListSchema, importJobSchema, importReportSchema } from '@blitz/contract';
import { dashboardQueryKey } from '../../../components/admin/dashboard-query-key';
import { apiRequest, apiUpload } from '../../../lib/api-client';

export const importsQueryKey = [...dashboardQueryKey, 'imports'] as const;

/** Whether a job is still to end (queued, or running). */
export const isRunning = (job: ImportJob) => job.state === 'queued' || job.state === 'running';

/** The latest imports; read every second while one is queued or running (its progress). */
export const importListOptions = () =>
  queryOptions({
    queryKey: importsQueryKey,
    queryFn: ({ signal }) => apiRequest(apiRoutes.imports.list, { schema: importJobListSchema, admin: true, signal }),
    refetchInterval: (query) => (query.state.data?.data.some(isRunning) ? 1000 : false),
  });

/** The latest imports; once those running have ended, the projects, categories and redirects they made are read anew in their tabs. */
export function useImports() {
  const queryClient = useQueryClient();
  const imports = useQuery(importListOptions());
  const running = imports.data?.data.some(isRunning) ?? false;
  const wasRunning = useRef(running);
  useEffect(() => {
    if (wasRunning.current && !running) void queryClient.invalidateQueries({ queryKey: dashboardQueryKey });
    wasRunning.current = running;
  }, [running, queryClient]);
  return imports;
}

/** What the form sends: the export, a zip of the uploads, the choice of categories and post types, and the old site's address today. */
export type ImportInput = { file: File; uploads: File | null; categories: string; postTypes: string; siteUrl: string };

function formOf(input: ImportInput, dryRun: boolean): FormData {
  const form = new FormData();
  // The fields before the files: the server reads the parts in order.
  form.append('dryRun', String(dryRun));
  if (input.categories.trim()) form.append('categories', input.categories);
  if (input.postTypes.trim()) form.append('postTypes', input.postTypes);
  if (input.siteUrl.trim()) form.append('siteUrl', input.siteUrl.trim());
  form.append('file', input.file);
  if (input.uploads) form.append('uploads', input.uploads);
  return form;
}

type Sending = { input: ImportInput; onProgress: (done: number) => void };

/** Sends the form, reporting the upload's progress; answers what `schema` reads. */
const send = <T>({ input, onProgress }: Sending, dryRun: boolean, schema: z.ZodType<T>) =>
  apiUpload(apiRoutes.imports.wordpress, { method: 'POST', form: formOf(input, dryRun), schema, onProgress });

/** The dry run: the report of what an import would do, nothing written. */
export const usePreviewImport = () => useMutation({ mutationFn: (sending: Sending) => send(sending, true, importReportSchema) });

/** The import: answers its job at once (202); the list then follows its progress. */
export function useStartImport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (sending: Sending) => send(sending, false, importJobSchema),
    // The projects, categories and redirects it makes show in their tabs too.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: dashboardQueryKey }),
  });
}
