import { generateSigningKey } from '../../../src/modules/firmware/firmware.signature.ts';
import { registerSigner } from '../../firmware-signing.ts';
import { unique } from '../../helper.ts';
import { faultCodeSheet, texts } from '../fixtures/sample-files.ts';
import { throwaway } from '../fixtures/throwaway.ts';
import { type MatrixEntry, page, row, serial, XLSX } from './shared.ts';

/** The permission matrix's rows: basic data: manufacturers and their keys, device specs, fault codes. */

export const BASIC_DATA_ROWS: MatrixEntry[] = [
  // Basic data (2006: provider only; global, so an all-codes installer may change it).
  {
    route: 'POST /system/manufacturer/page',
    token: 'read',
    expect: row('200 403 403 403 403 403 403 403 200 401'),
    request: () => ({ query: page, body: {} }),
  },
  {
    route: 'GET /system/manufacturer/all',
    token: 'read',
    expect: row('200 200 403 403 403 403 403 200 200 401'),
    request: () => ({}),
  },
  {
    route: 'POST /system/manufacturer/add',
    token: 'none',
    expect: row('200 403 403 403 403 403 403 403 200 401'),
    request: () => ({ body: { name: unique('Matrix maker ') } }),
  },
  {
    route: 'POST /system/manufacturer/edit',
    token: 'none',
    expect: row('200 403 403 403 403 403 403 403 200 401'),
    request: ({ fx }) => ({ body: { id: fx.basicMaker.id, name: fx.basicMaker.name } }),
  },
  {
    route: 'POST /system/manufacturer/delete',
    token: 'none',
    expect: row('200 403 403 403 403 403 403 403 200 401'),
    request: async ({ t, fx, allowed }) => ({
      body: { id: allowed ? await throwaway.manufacturer(t) : fx.basicMaker.id },
    }),
  },
  {
    route: 'POST /system/manufacturer/key/list',
    token: 'none',
    expect: row('200 403 403 403 403 403 403 403 200 401'),
    request: ({ fx }) => ({ body: { manufacturerId: fx.basicMaker.id } }),
  },
  {
    route: 'POST /system/manufacturer/key/add',
    token: 'none',
    expect: row('200 403 403 403 403 403 403 403 200 401'),
    request: ({ fx }) => ({
      body: { manufacturerId: fx.basicMaker.id, publicKey: generateSigningKey().publicKey },
    }),
  },
  {
    route: 'POST /system/manufacturer/key/retire',
    token: 'none',
    expect: row('200 403 403 403 403 403 403 403 200 401'),
    request: async ({ t, fx }) => ({
      body: { id: (await registerSigner(t.ctx.db, fx.basicMaker.id)).keyId },
    }),
  },
  {
    route: 'POST /system/deviceSpec/page',
    token: 'read',
    expect: row('200 403 403 403 403 403 403 403 200 401'),
    request: () => ({ query: page, body: {} }),
  },
  {
    route: 'POST /system/deviceSpec/add',
    token: 'none',
    expect: row('200 403 403 403 403 403 403 403 200 401'),
    request: ({ fx }) => ({
      body: { deviceType: 'METERBOX', deviceSpecs: unique('MX-NEW-'), manufacturerId: fx.basicMaker.id },
    }),
  },
  {
    route: 'POST /system/deviceSpec/edit',
    token: 'none',
    expect: row('200 403 403 403 403 403 403 403 200 401'),
    request: ({ fx }) => ({
      body: {
        id: fx.spec.id,
        deviceType: 'INVERTER',
        deviceSpecs: fx.spec.name,
        manufacturerId: fx.basicMaker.id,
      },
    }),
  },
  {
    route: 'POST /system/deviceSpec/delete',
    token: 'none',
    expect: row('200 403 403 403 403 403 403 403 200 401'),
    request: async ({ t, fx, allowed }) => ({
      body: { id: allowed ? await throwaway.spec(t, fx) : fx.spec.id },
    }),
  },
  {
    route: 'POST /system/faultCode/page',
    token: 'read',
    expect: row('200 403 403 403 403 403 403 403 200 401'),
    request: () => ({ query: page, body: {} }),
  },
  {
    route: 'POST /system/faultCode/add',
    token: 'none',
    expect: row('200 403 403 403 403 403 403 403 200 401'),
    request: () => ({
      body: {
        faultCode: `MXA-${Date.now().toString(36).toUpperCase()}${serial()}`,
        deviceType: 'INVERTER',
        alarmLevel: 'WARN',
        message: texts('Matrix message'),
        fixAdvice: texts('Matrix advice'),
      },
    }),
  },
  {
    route: 'POST /system/faultCode/edit',
    token: 'none',
    expect: row('200 403 403 403 403 403 403 403 200 401'),
    request: ({ fx }) => ({
      body: {
        id: fx.faultCode.id,
        faultCode: fx.faultCode.code,
        deviceType: 'INVERTER',
        alarmLevel: 'WARN',
        message: texts('Matrix message'),
        fixAdvice: texts('Matrix advice'),
      },
    }),
  },
  {
    route: 'POST /system/faultCode/delete',
    token: 'none',
    expect: row('200 403 403 403 403 403 403 403 200 401'),
    request: async ({ t, fx, allowed }) => ({
      body: { id: allowed ? await throwaway.faultCode(t) : fx.faultCode.id },
    }),
  },
  {
    route: 'POST /system/faultCode/export',
    token: 'read',
    expect: row('200 403 403 403 403 403 403 403 200 401'),
    request: ({ fx }) => ({ body: { faultCode: fx.faultCode.code } }),
  },
  {
    route: 'POST /system/faultCode/import',
    token: 'none',
    expect: row('200 403 403 403 403 403 403 403 200 401'),
    request: async () => ({ file: { data: await faultCodeSheet(), name: 'codes.xlsx', type: XLSX } }),
  },
];
