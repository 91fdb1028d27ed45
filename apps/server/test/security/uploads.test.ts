import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { FIRMWARE_DESC_LANGS } from '@pvstar/contract/firmware';
import type { Lang } from '@pvstar/contract/lang';
import { translate } from '@pvstar/contract/messages';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manufacturers, plants, plantTariffPeriods, upgradeTaskDevices } from '../../src/db/schema/index.ts';
import { isPluginRoute } from '../../src/http/pipeline.ts';
import { tokenHash } from '../../src/modules/upgrade/upgrade.dispatcher.ts';
import { changedTables, dbFingerprint } from '../db-fingerprint.ts';
import { signerOf } from '../firmware-signing.ts';
import { buildTestApp, type TestApp } from '../helper.ts';
import { addSimulatedPlant } from '../simulated-plant.ts';
import { PNG } from './fixtures/sample-files.ts';
import { collectRouteSchemas, type RouteSchemas } from './hostile-input/route-schemas.ts';
import {
  type FirmwareSigning,
  type FormFields,
  type TariffTarget,
  uploadRules,
} from './uploads/upload-rules.ts';
import { JPEG } from './uploads/upload-samples.ts';

/**
 * The security suite's one place for upload rules: every multipart route of the route table, each refusal
 * (wrong manifest, wrong name, over the size limit, a zip bomb or too many rows for spreadsheets) answered
 * 4xx with a message in the caller's language and nothing stored — no row (database fingerprint) and no
 * file under DATA_DIR; and every route that serves a stored file or an export answers it as an attachment
 * with `nosniff`. The module tests (file, firmware, fault-code) go deeper into each route's own behaviour.
 */

const LANG: Lang = 'it-IT';

const signing = {} as FirmwareSigning;
const tariff: TariffTarget = { periodId: 0 };
const UPLOADS = uploadRules(signing, tariff);

let t: TestApp;
let dataDir: string;
let admin: string;
let schemas: Map<string, RouteSchemas>;

/** Every file under DATA_DIR, with its size. */
function storedFiles(): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    if (!fs.existsSync(dir)) return;
    for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
      const p = path.join(dir, e.name);
      if (e.isDirectory()) walk(p);
      else out.push(`${path.relative(dataDir, p)} ${fs.statSync(p).size}`);
    }
  };
  walk(dataDir);
  return out.sort();
}

/** A multipart/form-data body as a browser sends it: one file part, or only a text field. */
function multipart(file: Buffer | null, filename: string, fields: Record<string, string> = {}) {
  const boundary = `----pvstar${randomBytes(8).toString('hex')}`;
  const texts = Object.entries(fields).map(
    ([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
  );
  const head = file
    ? `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`
    : `--${boundary}\r\nContent-Disposition: form-data; name="note"\r\n\r\nno file here`;
  const payload = Buffer.concat([
    Buffer.from(texts.join('')),
    Buffer.from(head),
    file ?? Buffer.alloc(0),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, contentType: `multipart/form-data; boundary=${boundary}` };
}

async function send(
  key: string,
  file: Buffer | null | 'json',
  filename: string,
  fields: FormFields | undefined = UPLOADS[key]?.fields,
) {
  const url = key.split(' ')[1]!;
  const body = file === 'json' ? null : multipart(file, filename, fields?.(file) ?? {});
  const res = await t.app.inject({
    method: 'POST',
    url,
    payload: body ? body.payload : JSON.stringify({ file: 'x' }),
    headers: {
      'content-type': body ? body.contentType : 'application/json',
      authorization: `Bearer ${admin}`,
      lang: LANG,
    },
  });
  return { status: res.statusCode, body: res.json() as { code: number; msg: string; data: unknown } };
}

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pvstar-uploads-'));
  t = await buildTestApp({ DATA_DIR: dataDir });
  admin = await t.login('admin');
  schemas = await collectRouteSchemas(t.ctx);
  [signing.maker] = (await t.ctx.db
    .select({ id: manufacturers.id, name: manufacturers.name })
    .from(manufacturers)
    .orderBy(manufacturers.id)
    .limit(1)) as [{ id: number; name: string }];
  signing.signer = await signerOf(t.ctx.db, signing.maker.id);
  const [plant] = await t.ctx.db
    .insert(plants)
    .values({
      plantNo: 'P-UPL-TARIFF',
      orgId: 3,
      name: 'Upload tariff',
      type: 'PHOTOVOLTAIC',
      installedCapacity: 3,
    })
    .returning({ id: plants.id });
  const [period] = await t.ctx.db
    .insert(plantTariffPeriods)
    .values({
      plantId: plant!.id,
      direction: 'PURCHASE',
      kind: 'DYNAMIC',
      validFrom: '2031-01-01',
      validTo: '2031-12-31',
    })
    .returning({ id: plantTariffPeriods.id });
  tariff.periodId = period!.id;
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('uploads', () => {
  it('covers every multipart route of the route table, and every module that takes multipart', () => {
    const routes = t.app.routeTable.map((r) => `${r.method} ${r.url}`);
    const multipartRoutes = [...schemas.entries()]
      .filter(([k, s]) => s.consumes?.includes('multipart/form-data') && routes.includes(k))
      .map(([k]) => k)
      .sort();
    expect(multipartRoutes).toEqual(Object.keys(UPLOADS).sort());
    // A module that registers the multipart parser without declaring an upload route would slip past the
    // list above: the modules that register it are exactly those whose routes are listed.
    const modulesDir = path.resolve(import.meta.dirname, '../../src/modules');
    const registering = fs
      .readdirSync(modulesDir)
      .filter((d) =>
        fs
          .readdirSync(path.join(modulesDir, d))
          .some(
            (f) =>
              f.endsWith('.ts') &&
              /register\(multipart/.test(fs.readFileSync(path.join(modulesDir, d, f), 'utf8')),
          ),
      )
      .sort();
    expect(registering).toEqual(['fault-code', 'file', 'firmware', 'tariff']);
  });

  describe.each(Object.entries(UPLOADS))('%s', (key, rules) => {
    it.each(rules.refusals.map((r) => [r.what, r] as const))(
      'refuses %s, stores nothing',
      async (_what, refusal) => {
        const file = await refusal.file();
        const rowsBefore = await dbFingerprint(t.ctx.db);
        const filesBefore = storedFiles();
        const res = await send(key, file, refusal.filename, refusal.fields ?? rules.fields);
        expect(res.status, res.body.msg).toBe(refusal.status);
        expect(res.body.code).toBe(refusal.status);
        expect(res.body.msg).toContain(translate(LANG, refusal.key, refusal.params ?? {}));
        expect(changedTables(rowsBefore, await dbFingerprint(t.ctx.db))).toEqual([]);
        expect(storedFiles()).toEqual(filesBefore);
      },
    );

    it('takes a real file of its kind', async () => {
      const res = await send(key, await rules.accepts.file(), rules.accepts.filename);
      expect(res.status, res.body.msg).toBe(200);
    });
  });

  it('stores a picture by what it is, not by its name', async () => {
    const res = await send('POST /file/upload', JPEG, 'holiday.png');
    expect(res.status).toBe(200);
    expect((res.body.data as { url: string }).url).toMatch(/^\/file\/pictures\/[a-f0-9]{32}\.jpg$/);
  });
});

describe('served files and exports', () => {
  /**
   * How to fetch each route that answers bytes rather than the JSON envelope (no response schema); the
   * first test fails when such a route is missing here.
   */
  const SERVED: Record<string, () => Promise<{ url: string; body?: unknown; token?: string | null }>> = {
    'GET /file/pictures/:name': async () => {
      const res = await send('POST /file/upload', PNG, 'roof.png');
      return { url: (res.body.data as { url: string }).url };
    },
    'GET /iot/firmware/download': firmwareDownload,
    'GET /iot/firmware/sn/template': async () => ({ url: '/iot/firmware/sn/template' }),
    'GET /station/commissioning/protocol': async () => {
      const [plant] = await t.ctx.db.select({ id: plants.id }).from(plants).orderBy(plants.id).limit(1);
      return { url: `/station/commissioning/protocol?stationId=${plant!.id}` };
    },
    'POST /system/faultCode/export': async () => ({ url: '/system/faultCode/export', body: {} }),
    'POST /iot/alarm/export': async () => ({ url: '/iot/alarm/export', body: {} }),
    'POST /iot/remote/audit/export': async () => ({ url: '/iot/remote/audit/export', body: {} }),
    'POST /system/audit/export': async () => ({ url: '/system/audit/export', body: {} }),
    'POST /station/report/energy/export': async () => ({
      url: '/station/report/energy/export',
      body: { dateType: 'month' },
    }),
    'POST /station/report/fleet/export': async () => ({
      url: '/station/report/fleet/export',
      body: { dateType: 'month' },
    }),
    'POST /station/report/alarm/export': async () => ({
      url: '/station/report/alarm/export',
      body: { dateType: 'month' },
    }),
  };
  /**
   * Routes that answer something other than the envelope but serve no file: health probes, the web app (and
   * its kiosk view of a share link), the unsubscribe link's page (escaped text, no-store: report-mail.ts).
   */
  const NOT_FILES = [
    'GET /health',
    'GET /ready',
    'GET /',
    'GET /public/plant/:token',
    'GET /station/report/subscription/unsubscribe/:token',
    'POST /station/report/subscription/unsubscribe/:token',
  ];

  it('covers every route that answers bytes instead of the envelope', () => {
    const served = t.app.routeTable
      .filter((r) => r.method !== 'HEAD' && !isPluginRoute(r.url))
      .map((r) => `${r.method} ${r.url}`)
      .filter((k) => !NOT_FILES.includes(k) && !schemas.get(k)?.answersJson)
      .sort();
    expect(served).toEqual(Object.keys(SERVED).sort());
  });

  it.each(Object.keys(SERVED))('%s answers as an attachment with nosniff', async (key) => {
    const req = await SERVED[key]!();
    const res = await t.app.inject({
      method: key.startsWith('GET') ? 'GET' : 'POST',
      url: req.url,
      headers: { ...(req.token === null ? {} : { authorization: `Bearer ${admin}` }), lang: LANG },
      ...(req.body === undefined ? {} : { payload: req.body as object }),
    });
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="[^"/\\]+"$/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(String(res.headers['content-type'])).not.toMatch(/html|svg|javascript|xml(?!.*spreadsheetml)/);
  });

  /** A firmware download link as the dispatcher issues it: a task device sent, with a token's hash. */
  async function firmwareDownload() {
    const plant = await addSimulatedPlant(t, {
      org: 'Solartechnik Alpha',
      brokerUrl: 'mqtt://127.0.0.1:9',
      manufacturer: signing.maker.name,
    });
    const upload = await send('POST /iot/firmware/upload', randomBytes(4096), 'fw-9.bin');
    const call = async (url: string, body: unknown) => {
      const res = await t.call('POST', url, { token: admin, body });
      expect(res.status, res.body.msg).toBe(200);
      return res.body.data as { id: number };
    };
    const program = await call('/iot/firmware/add', {
      manufacturerId: signing.maker.id,
      status: 'ENABLED',
      description: 'Download test',
      descriptions: Object.fromEntries(FIRMWARE_DESC_LANGS.map((l) => [l, 'Download test'])),
      descriptionsConfirmed: true,
      supportAll: true,
      fileId: (upload.body.data as { fileId: string }).fileId,
    });
    const task = await call('/iot/upgrade/task/add', {
      name: 'Download test',
      programId: program.id,
      targetIds: [plant.inverter.id],
    });
    const token = randomBytes(32).toString('base64url');
    await t.ctx.db
      .update(upgradeTaskDevices)
      .set({ status: 'SENT', tokenHash: tokenHash(token), tokenExpiresAt: new Date(Date.now() + 600_000) })
      .where(eq(upgradeTaskDevices.taskId, task.id));
    return { url: `/iot/firmware/download?token=${token}`, token: null };
  }
});
