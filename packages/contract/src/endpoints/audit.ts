import type { PageQuerySchema, PageResult } from '../api.ts';
import type { AuditActionOption, AuditPageBodySchema, AuditRow } from '../audit.ts';
import { download, endpoints, get, type In, post } from '../endpoint.ts';
import { PERM } from '../perm.ts';

type Filter = In<typeof AuditPageBodySchema>;

/** The audit log (2007004): read and export only. */
export const audit = endpoints('audit', {
  page: post<{ query: In<typeof PageQuerySchema>; body: Filter }, PageResult<AuditRow>>(
    '/system/audit/page',
    {
      perm: PERM.systemAudit,
      wholeScope: true,
    },
    'List audit log entries',
  ),
  /** The filtered log as an xlsx workbook. */
  export: download<{ body: Filter }>(
    'POST',
    '/system/audit/export',
    {
      perm: PERM.systemAudit,
      wholeScope: true,
    },
    'Export the audit log (xlsx)',
  ),
  /** The actions the log records, labelled in the reader's language (the filter's choices). */
  actions: get<Record<never, never>, AuditActionOption[]>(
    '/system/audit/actions',
    {
      perm: PERM.systemAudit,
    },
    'List audited actions',
  ),
});
