import type { NewsImportPreview, NewsImportRecord, NewsImportRequest } from '@app/contracts/news';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { newsKeys } from './news-keys';

export type { NewsImportPreview, NewsImportRequest };

/** POST /api/admin/news/import/preview (ADMIN): the parsed rows and row errors; nothing stored. */
export const previewImport = (body: NewsImportRequest) =>
  apiRequest<NewsImportPreview>('/api/admin/news/import/preview', { method: 'POST', body });

export const usePreviewImport = () => useMutation({ mutationFn: previewImport });

/** POST /api/admin/news/import (ADMIN): stores the valid rows (a re-imported week is updated). */
export const commitImport = (body: NewsImportRequest) =>
  apiRequest<{ import: NewsImportRecord }>('/api/admin/news/import', { method: 'POST', body });

export function useCommitImport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: commitImport,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: newsKeys.all }),
  });
}
