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

/** Firmware programs: "Add Device Program" and "Manage Device Programs" (SPEC §3 firmware program). */
export const firmware = endpoints('firmware', {
  page: post<
    { query: In<typeof PageQuerySchema>; body: In<typeof FirmwarePageBodySchema> },
    PageResult<FirmwareRow>
  >('/iot/firmware/page', { perm: [PERM.upgradeProgram, PERM.upgradeAdd] }),
  /** The image as `file`; its signed manifest (a `.manifest.json` file or the JSON) and the manufacturer. */
  upload: upload<{ body: { manufacturerId: string; manifest: Blob | string } }, FirmwareFile>(
    '/iot/firmware/upload',
    { perm: PERM.programAdd, write: true },
  ),
  snTemplate: download('GET', '/iot/firmware/sn/template', { perm: PERM.programAdd }),
  /** 422 with every bad row in `data.fields`. */
  snParse: upload<Record<never, never>, Out<typeof SnSheetResultSchema>>('/iot/firmware/sn/parse', {
    perm: PERM.programAdd,
    write: true,
  }),
  add: post<{ body: In<typeof FirmwareAddBodySchema> }, { id: number }>('/iot/firmware/add', {
    perm: PERM.programAdd,
    write: true,
  }),
  edit: post<{ body: In<typeof FirmwareEditBodySchema> }>('/iot/firmware/edit', {
    perm: PERM.programEdit,
    write: true,
  }),
  status: post<{ body: In<typeof FirmwareStatusBodySchema> }>('/iot/firmware/status', {
    perm: PERM.programStatus,
    write: true,
  }),
  /** A provider administrator marks a program as a rollback (or withdraws the mark), with the reason. */
  rollback: post<{ body: In<typeof FirmwareRollbackBodySchema> }>('/iot/firmware/rollback', {
    perm: PERM.programEdit,
    write: true,
    stepUp: true,
  }),
  delete: post<{ body: In<typeof IdBodySchema> }>('/iot/firmware/delete', {
    perm: PERM.programDelete,
    write: true,
  }),
});
