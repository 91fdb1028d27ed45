import type { AuditPageBody } from '@pvstar/contract/audit';
import { audit } from '@pvstar/contract/endpoints/audit';
import { useQuery } from '@tanstack/react-query';
import { call, queryKey } from '../../../../api/call.ts';
import { saveBlob } from '../../../../api/http.ts';

/** The filter's actions, labelled by the server in the reader's language (hence the language in the key). */
export const useAuditActions = (lang: string) =>
  useQuery({
    queryKey: [...queryKey(audit.actions), lang],
    queryFn: ({ signal }) => call(audit.actions, {}, { signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });

export async function exportAuditLog(filter: AuditPageBody) {
  const blob = await call(audit.export, { body: filter });
  saveBlob(blob, `audit-log-${new Date().toISOString().slice(0, 10)}.xlsx`);
}
