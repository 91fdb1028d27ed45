import type { PageQuerySchema, PageResult } from '../api.ts';
import { download, endpoints, type In, post } from '../endpoint.ts';
import { PERM } from '../perm.ts';
import type {
  RemoteAuditPageBodySchema,
  RemoteAuditRow,
  RemoteCommand,
  RemoteDeviceBodySchema,
  RemoteState,
  RemoteWriteBodySchema,
} from '../remote.ts';

type OfDevice = { body: In<typeof RemoteDeviceBodySchema> };
type AuditFilter = { body: In<typeof RemoteAuditPageBodySchema> };

/** Remote inverter settings: read, write (confirmed by read-back) and the log of every attempt. */
export const remote = endpoints('remote', {
  paramsState: post<OfDevice, RemoteState>(
    '/iot/remote/params/state',
    {
      perm: PERM.remoteRead,
      token: 'read',
    },
    "Get remote parameter commands' state",
  ),
  /** Reading sends a command to the device and keeps it in the log: a change, for read-only accounts. */
  paramsRead: post<OfDevice, RemoteCommand>(
    '/iot/remote/params/read',
    {
      perm: PERM.remoteRead,
      write: true,
      token: 'write',
    },
    "Read a device's remote parameters",
  ),
  paramsWrite: post<{ body: In<typeof RemoteWriteBodySchema> }, RemoteCommand>(
    '/iot/remote/params/write',
    {
      perm: PERM.remoteWrite,
      write: true,
      stepUp: true,
    },
    "Write a device's remote parameters",
  ),
  auditPage: post<{ query: In<typeof PageQuerySchema> } & AuditFilter, PageResult<RemoteAuditRow>>(
    '/iot/remote/audit/page',
    { perm: PERM.remoteRead, token: 'read' },
    'List remote parameter changes',
  ),
  auditExport: download<AuditFilter>(
    'POST',
    '/iot/remote/audit/export',
    {
      perm: PERM.remoteRead,
      token: 'read',
    },
    'Export remote parameter changes (xlsx)',
  ),
});
