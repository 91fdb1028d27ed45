import type { IdBodySchema, PageQuerySchema, PageResult } from '../api.ts';
import { download, endpoints, type In, type Out, post, upload } from '../endpoint.ts';
import type {
  FirmwareAddBodySchema,
  FirmwareEditBodySchema,
  FirmwareFile,
  FirmwarePageBodySchema,
  FirmwareRollbackBodySchema,
  FirmwareRow,
  FirmwareStatusBodySchema,
  SnSheetResultSchema,
} from '../firmware.ts';
import { PERM } from '../perm.ts';

/** Firmware programs: "Add Device Program" and "Manage Device Programs" (requirements §R9.2). */
export const firmware = endpoints('firmware', {
  page: post<
    { query: In<typeof PageQuerySchema>; body: In<typeof FirmwarePageBodySchema> },
    PageResult<FirmwareRow>
  >('/iot/firmware/page', { perm: [PERM.upgradeProgram, PERM.upgradeAdd] }, 'List firmware programs'),
  /** The image as `file`; its signed manifest (a `.manifest.json` file or the JSON) and the manufacturer. */
  upload: upload<{ body: { manufacturerId: string; manifest: Blob | string } }, FirmwareFile>(
    '/iot/firmware/upload',
    { perm: PERM.programAdd, write: true },
    'Upload a firmware image',
  ),
  snTemplate: download(
    'GET',
    '/iot/firmware/sn/template',
    { perm: PERM.programAdd },
    'Download the serial-number template (xlsx)',
  ),
  /** 422 with every bad row in `data.fields`. */
  snParse: upload<Record<never, never>, Out<typeof SnSheetResultSchema>>(
    '/iot/firmware/sn/parse',
    {
      perm: PERM.programAdd,
      write: true,
    },
    'Parse a serial-number list (xlsx)',
  ),
  add: post<{ body: In<typeof FirmwareAddBodySchema> }, { id: number }>(
    '/iot/firmware/add',
    {
      perm: PERM.programAdd,
      write: true,
    },
    'Add a firmware program',
  ),
  edit: post<{ body: In<typeof FirmwareEditBodySchema> }>(
    '/iot/firmware/edit',
    {
      perm: PERM.programEdit,
      write: true,
    },
    'Edit a firmware program',
  ),
  status: post<{ body: In<typeof FirmwareStatusBodySchema> }>(
    '/iot/firmware/status',
    {
      perm: PERM.programStatus,
      write: true,
    },
    "Change a firmware program's status",
  ),
  /** A provider administrator marks a program as a rollback (or withdraws the mark), with the reason. */
  rollback: post<{ body: In<typeof FirmwareRollbackBodySchema> }>(
    '/iot/firmware/rollback',
    {
      perm: PERM.programEdit,
      write: true,
      stepUp: true,
    },
    'Mark a firmware program as a rollback',
  ),
  delete: post<{ body: In<typeof IdBodySchema> }>(
    '/iot/firmware/delete',
    {
      perm: PERM.programDelete,
      write: true,
    },
    'Delete a firmware program',
  ),
});
