import { send } from '../fixtures/route-call.ts';
import { firmwareDescriptions, signedFirmwareUpload, snSheet } from '../fixtures/sample-files.ts';
import { throwaway } from '../fixtures/throwaway.ts';
import { type MatrixEntry, page, row, XLSX } from './shared.ts';

/** The permission matrix's rows: firmware programs. */

export const FIRMWARE_ROWS: MatrixEntry[] = [
  // Firmware programs (2009002: provider and dealers; the demo login reads the list).
  {
    route: 'POST /iot/firmware/page',
    token: 'none',
    expect: row('200 200 403 403 403 403 403 200 200 401'),
    request: ({ side }) => ({ query: page, body: { version: side.program.version } }),
    hides: (s) => [s.program.version],
  },
  {
    route: 'POST /iot/firmware/upload',
    token: 'none',
    expect: row('200 200 403 403 403 403 403 403 200 401'),
    request: ({ t, fx }) => signedFirmwareUpload(t, fx.maker.id),
  },
  {
    route: 'GET /iot/firmware/sn/template',
    token: 'none',
    expect: row('200 200 403 403 403 403 403 403 200 401'),
    request: () => ({}),
  },
  {
    route: 'POST /iot/firmware/sn/parse',
    token: 'none',
    expect: row('200 200 403 403 403 403 403 403 200 401'),
    request: async () => ({ file: { data: await snSheet(), name: 'sns.xlsx', type: XLSX } }),
  },
  {
    route: 'POST /iot/firmware/add',
    token: 'none',
    expect: row('200 200 403 403 403 403 403 403 200 401'),
    // A program names an upload of the caller's own: allowed callers upload one first.
    request: async ({ t, fx, allowed, caller }) => {
      let fileId = '0'.repeat(32);
      if (allowed) {
        const res = await send(
          t,
          'POST',
          '/iot/firmware/upload',
          await signedFirmwareUpload(t, fx.maker.id),
          caller.token,
        );
        fileId = (JSON.parse(res.text) as { data: { fileId: string } }).data.fileId;
      }
      return {
        body: {
          manufacturerId: fx.maker.id,
          status: 'ENABLED',
          description: 'Matrix image',
          descriptions: firmwareDescriptions(),
          descriptionsConfirmed: true,
          supportAll: true,
          fileId,
        },
      };
    },
  },
  {
    route: 'POST /iot/firmware/edit',
    token: 'none',
    expect: row('200 200 403 403 403 403 403 403 404 401'),
    request: ({ side }) => ({
      body: {
        id: side.program.id,
        description: 'Matrix image',
        descriptions: firmwareDescriptions(),
        descriptionsConfirmed: true,
      },
    }),
  },
  {
    route: 'POST /iot/firmware/status',
    token: 'none',
    expect: row('200 200 403 403 403 403 403 403 404 401'),
    request: ({ side, allowed }) => ({
      body: { id: side.program.id, status: allowed ? 'ENABLED' : 'DISABLED' },
    }),
  },
  {
    // Only the provider organisation decides that a fleet may go back to an older version.
    route: 'POST /iot/firmware/rollback',
    token: 'none',
    expect: row('200 403 403 403 403 403 403 403 403 401'),
    request: ({ side }) => ({ body: { id: side.program.id, reason: 'Matrix: V9 bricks the display' } }),
  },
  {
    route: 'POST /iot/firmware/delete',
    token: 'none',
    expect: row('200 200 403 403 403 403 403 403 404 401'),
    request: async ({ t, fx, side, allowed }) => ({
      body: { id: allowed ? await throwaway.program(t, side, fx) : side.program.id },
    }),
  },
];
