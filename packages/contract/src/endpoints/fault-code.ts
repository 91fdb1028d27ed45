import type { IdBodySchema, PageQuerySchema, PageResult } from '../api.ts';
import { download, endpoints, type In, post, upload } from '../endpoint.ts';
import type {
  FaultCodeAddBodySchema,
  FaultCodeEditBodySchema,
  FaultCodePageBodySchema,
  FaultCodeRow,
  FaultImportResult,
} from '../fault-code.ts';
import { PERM } from '../perm.ts';

type Filter = { body: In<typeof FaultCodePageBodySchema> };

/** The fault code library (basic data, `/basic/alarm`, 2004…). */
export const faultCode = endpoints('faultCode', {
  page: post<{ query: In<typeof PageQuerySchema> } & Filter, PageResult<FaultCodeRow>>(
    '/system/faultCode/page',
    { perm: PERM.basicAlarm, token: 'read' },
    'List fault codes',
  ),
  add: post<{ body: In<typeof FaultCodeAddBodySchema> }, { id: number }>(
    '/system/faultCode/add',
    {
      perm: PERM.faultCodeAdd,
      write: true,
    },
    'Add a fault code',
  ),
  edit: post<{ body: In<typeof FaultCodeEditBodySchema> }>(
    '/system/faultCode/edit',
    {
      perm: PERM.faultCodeEdit,
      write: true,
    },
    'Edit a fault code',
  ),
  delete: post<{ body: In<typeof IdBodySchema> }>(
    '/system/faultCode/delete',
    {
      perm: PERM.faultCodeDelete,
      write: true,
    },
    'Delete a fault code',
  ),
  export: download<Filter>(
    'POST',
    '/system/faultCode/export',
    {
      perm: PERM.faultCodeExport,
      alsoPerm: PERM.basicAlarm,
      token: 'read',
    },
    'Export fault codes (xlsx)',
  ),
  /** An xlsx in the export's layout; a sheet with any bad row answers 422 with every row's errors. */
  import: upload<Record<never, never>, FaultImportResult>(
    '/system/faultCode/import',
    {
      perm: PERM.faultCodeImport,
      write: true,
    },
    'Import fault codes (xlsx)',
  ),
});
