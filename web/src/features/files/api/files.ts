import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FileTexts, type LibraryFile, apiRoutes, libraryFileSchema } from '@blitz/contract';
import { dashboardQueryKey } from '../../../components/admin/dashboard-query-key';
import { fileListOptions, filesQueryKey } from '../../../components/admin/library-files';
import { apiRequest, apiUpload, isApiError } from '../../../lib/api-client';

/** A save of the library: new (no `id`), its texts changed (no `file`), or its file replaced. */
export type FileSave = { id?: number; texts: FileTexts; file?: File; onProgress?: (done: number) => void };

function saveFile({ id, texts, file, onProgress }: FileSave): Promise<LibraryFile> {
  const data = id === undefined ? texts : { ...texts, id };
  if (!file) return apiRequest(apiRoutes.files.list, { method: 'PUT', body: data, schema: libraryFileSchema, admin: true });
  const form = new FormData();
  // The texts first: the server reads the parts in order.
  form.append('data', JSON.stringify(data));
  form.append('file', file);
  return apiUpload(apiRoutes.files.list, {
    method: id === undefined ? 'POST' : 'PUT',
    form,
    schema: libraryFileSchema,
    ...(onProgress ? { onProgress } : {}),
  });
}

/**
 * Uploads, edits or replaces a file; the answer takes its place in the list (no second request).
 * A stale save (someone saved the file meanwhile) reloads the list behind the form.
 */
export function useSaveFile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveFile,
    onError: (error) => {
      if (isApiError(error) && error.code === 'edit_conflict') void queryClient.invalidateQueries({ queryKey: filesQueryKey });
    },
    onSuccess: (saved) =>
      queryClient.setQueryData(fileListOptions().queryKey, (list) => {
        if (!list) return list;
        const others = list.data.filter((file) => file.id !== saved.id);
        const data = list.data.some((file) => file.id === saved.id)
          ? list.data.map((file) => (file.id === saved.id ? saved : file))
          : [saved, ...others];
        return { data, count: data.length };
      }),
  });
}

/** Moves a file to the trash; a file in use is refused (409 `file_in_use`, naming where). */
export function useDeleteFile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiRequest(apiRoutes.files.onePath(id), { method: 'DELETE', admin: true }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: dashboardQueryKey }),
  });
}
