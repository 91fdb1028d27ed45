import type { AuditActionOption, AuditPageBody } from '@pvstar/contract/audit';
import { useQuery } from '@tanstack/react-query';
import { get, post, saveBlob } from '../../../api/http.ts';

export const AUDIT_PAGE_URL = '/system/audit/page';
/** Query key of the log (PageTable prefixes it with 'page'). */
export const AUDIT_PAGE_KEY = 'audit-log';

/** The filter's actions, labelled by the server in the reader's language. */
export const useAuditActions = (lang: string) =>
  useQuery({
    queryKey: ['audit-actions', lang],
    queryFn: ({ signal }) => get<AuditActionOption[]>('/system/audit/actions', { signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });

export async function exportAuditLog(filter: AuditPageBody) {
  const blob = await post<Blob>('/system/audit/export', filter, { blob: true });
  saveBlob(blob, `audit-log-${new Date().toISOString().slice(0, 10)}.xlsx`);
}
