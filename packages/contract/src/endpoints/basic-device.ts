import type { IdBodySchema, PageQuerySchema, PageResult } from '../api.ts';
import type {
  DeviceSpecAddBodySchema,
  DeviceSpecEditBodySchema,
  DeviceSpecPageBodySchema,
  DeviceSpecRow,
  ManufacturerAddBodySchema,
  ManufacturerEditBodySchema,
  ManufacturerKeyAddBodySchema,
  ManufacturerKeyListBodySchema,
  ManufacturerKeyRow,
  ManufacturerOption,
  ManufacturerPageBodySchema,
  ManufacturerRow,
} from '../basic-device.ts';
import { endpoints, get, type In, post } from '../endpoint.ts';
import { PERM } from '../perm.ts';

type Page = { query: In<typeof PageQuerySchema> };
type ById = { body: In<typeof IdBodySchema> };
const ADD = { perm: PERM.basicDeviceAdd, write: true } as const;
const EDIT = { perm: PERM.basicDeviceEdit, write: true } as const;
const DELETE = { perm: PERM.basicDeviceDelete, write: true } as const;

/** Manufacturers, their firmware signing keys and device specifications (basic data, `/basic/device`). */
export const basicDevice = endpoints('basicDevice', {
  manufacturerPage: post<Page & { body: In<typeof ManufacturerPageBodySchema> }, PageResult<ManufacturerRow>>(
    '/system/manufacturer/page',
    { perm: PERM.basicDevice, token: 'read' },
    'List manufacturers',
  ),
  /** Firmware programs are added per manufacturer: their page picks from the same list. */
  manufacturerAll: get<Record<never, never>, ManufacturerOption[]>(
    '/system/manufacturer/all',
    {
      perm: [PERM.basicDevice, PERM.upgradeProgram],
      token: 'read',
    },
    'List all manufacturers',
  ),
  manufacturerAdd: post<{ body: In<typeof ManufacturerAddBodySchema> }, { id: number }>(
    '/system/manufacturer/add',
    ADD,
    'Add a manufacturer',
  ),
  manufacturerEdit: post<{ body: In<typeof ManufacturerEditBodySchema> }>(
    '/system/manufacturer/edit',
    EDIT,
    'Edit a manufacturer',
  ),
  manufacturerDelete: post<ById>('/system/manufacturer/delete', DELETE, 'Delete a manufacturer'),
  manufacturerKeyList: post<{ body: In<typeof ManufacturerKeyListBodySchema> }, ManufacturerKeyRow[]>(
    '/system/manufacturer/key/list',
    { perm: PERM.basicDevice },
    "List a manufacturer's signing keys",
  ),
  manufacturerKeyAdd: post<
    { body: In<typeof ManufacturerKeyAddBodySchema> },
    { id: number; fingerprint: string }
  >('/system/manufacturer/key/add', EDIT, 'Add a manufacturer signing key'),
  manufacturerKeyRetire: post<ById>(
    '/system/manufacturer/key/retire',
    EDIT,
    'Retire a manufacturer signing key',
  ),
  specPage: post<Page & { body: In<typeof DeviceSpecPageBodySchema> }, PageResult<DeviceSpecRow>>(
    '/system/deviceSpec/page',
    { perm: PERM.basicDevice, token: 'read' },
    'List device specifications',
  ),
  specAdd: post<{ body: In<typeof DeviceSpecAddBodySchema> }, { id: number }>(
    '/system/deviceSpec/add',
    ADD,
    'Add a device specification',
  ),
  specEdit: post<{ body: In<typeof DeviceSpecEditBodySchema> }>(
    '/system/deviceSpec/edit',
    EDIT,
    'Edit a device specification',
  ),
  specDelete: post<ById>('/system/deviceSpec/delete', DELETE, 'Delete a device specification'),
});
