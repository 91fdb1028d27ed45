import { createHash, randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { FAULT_XLSX_COLUMNS } from '@pvstar/contract/fault-code';
import { FIRMWARE_DESC_LANGS, SN_SHEET_HEADER, type UpgradeDeviceStatus } from '@pvstar/contract/firmware';
import { LANGS } from '@pvstar/contract/lang';
import { ALL_PERM_CODES } from '@pvstar/contract/perm';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import {
  alarms,
  deviceSpecs,
  devices,
  dongles,
  faultCodes,
  firmwareFiles,
  firmwarePrograms,
  manufacturers,
  menus,
  organizations,
  plants,
  remoteParamSnapshots,
  upgradeDeviceEvents,
  upgradeTaskDevices,
  upgradeTasks,
  users,
} from '../db/schema/index.ts';
import { createOrg, createUser } from '../db/seed/seed.ts';
import { md5 } from '../lib/crypto.ts';
import { firmwarePath } from '../modules/firmware/firmware.files.ts';
import { auditRemote } from '../modules/remote/remote.service.ts';
import { tokenHash } from '../modules/upgrade/upgrade.dispatcher.ts';
import { signerOf } from '../test/firmware-signing.ts';
import {
  ADMIN_PASSWORD,
  addRole,
  addUser,
  DEMO_PASSWORD,
  nextIp,
  orgIdByName,
  roleIdByCode,
  type TestApp,
  unique,
  uniquePhone,
} from '../test/helper.ts';

/**
 * Fixtures of the access-control suite: two installers' sides of the same shape (a plant with a dongle,
 * inverter and battery, an owner, an employee, a role, an alarm, a firmware program and an upgrade task),
 * the callers of the permission matrix, throwaway copies for routes that destroy what they name, and a
 * way to call any route (JSON, multipart or a file answer) that records what came back.
 */

/**
 * The columns of the permission matrix: the demo accounts, another house owner of installer A (the
 * owner's neighbour), a user of installer B holding every permission code, and no token.
 */
export const COLUMNS = [
  'admin',
  'dealer',
  'installerA',
  'installerB',
  'owner',
  'neighbour',
  'guest',
  'demo',
  'bAll',
  'none',
] as const;
export type Column = (typeof COLUMNS)[number];
/** Callers: the columns, plus installer A's own all-codes user for the mirrored run on B's side. */
export type Caller = Column | 'aAll';

/** One installer's side: what the matrix names in its requests. */
export interface Side {
  label: 'A' | 'B';
  installer: string;
  org: { id: number; name: string; address: string; parentId: number };
  owner: { id: number; username: string; email: string };
  plant: { id: number; name: string; stationNo: string; picture: string; body: Record<string, unknown> };
  /** The dongle's MQTT secret, as the registration answered it (the only time it is shown). */
  dongle: { id: number; sn: string; secret: string };
  inverter: { id: number; sn: string };
  battery: { id: number; sn: string };
  employee: { id: number; username: string; email: string };
  role: { id: number; code: string };
  alarmId: number;
  program: { id: number; version: string };
  task: { id: number; name: string; sentRowId: number; failedRowId: number };
  downloadToken: string;
}

export interface Fixtures {
  a: Side;
  b: Side;
  dealerOrgId: number;
  /** The manufacturer the sides' inverters name (firmware programs match devices by it). */
  maker: { id: number; name: string };
  /** Basic data the edit routes change (global, not of a side). */
  basicMaker: { id: number; name: string };
  spec: { id: number; name: string };
  faultCode: { id: number; code: string };
  menu: { id: number; name: string; permCode: string };
  installerRoleId: number;
  loginUser: { username: string; password: string };
}

export interface Signed {
  token: string | null;
  username: string;
  password: string;
  orgId: number;
  roles: string[];
}
export type Callers = Record<Caller, Signed>;

export const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.from(
    '0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a5ddc2f10000000049454e44ae426082',
    'hex',
  ),
]);

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** What one route call sends: path parameters, query, a JSON body or one file part. */
export interface Req {
  params?: Record<string, string | number>;
  query?: Record<string, string | number>;
  body?: unknown;
  file?: { data: Buffer; name: string; type: string };
  /** Text fields sent with the file (a firmware upload's signature and manufacturer). */
  fields?: Record<string, string>;
  headers?: Record<string, string>;
}

export interface Answer {
  status: number;
  contentType: string;
  /** The answer as text; a workbook's cells, one per line, so that it can be searched. */
  text: string;
}

/** The text of a workbook's cells, so that an export can be searched like a JSON answer. */
export async function workbookText(data: Buffer): Promise<string> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(data as unknown as ArrayBuffer);
  const cells: string[] = [];
  for (const ws of wb.worksheets)
    ws.eachRow((row) => {
      row.eachCell((cell) => {
        cells.push(String(cell.text ?? cell.value ?? ''));
      });
    });
  return cells.join('\n');
}

function multipart(file: NonNullable<Req['file']>, fields: Record<string, string> = {}) {
  const boundary = `----pvstar${randomBytes(8).toString('hex')}`;
  const payload = Buffer.concat([
    ...Object.entries(fields).map(([name, value]) =>
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    ),
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
    ),
    file.data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, contentType: `multipart/form-data; boundary=${boundary}` };
}

/** `/station/station/detail/:id` with `{ id: 7 }` → `/station/station/detail/7` (and `*` from `params['*']`). */
export function fillUrl(template: string, params: Req['params'] = {}): string {
  return template
    .replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(String(params[name] ?? '')))
    .replace('*', String(params['*'] ?? ''));
}

/**
 * Calls a route as a caller (from an address of its own, so per-address limits never interfere) and
 * records the answer's text in `t.responses`, as `t.call` does.
 */
export async function send(
  t: TestApp,
  method: string,
  template: string,
  req: Req,
  token: string | null,
): Promise<Answer> {
  const form = req.file ? multipart(req.file, req.fields) : null;
  const res = await t.app.inject({
    method: method as 'GET',
    url: fillUrl(template, req.params),
    remoteAddress: nextIp(),
    query: req.query
      ? Object.fromEntries(Object.entries(req.query).map(([k, v]) => [k, String(v)]))
      : undefined,
    headers: {
      lang: 'en-GB',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(form ? { 'content-type': form.contentType } : {}),
      ...req.headers,
    },
    ...(form ? { payload: form.payload } : method === 'POST' ? { payload: (req.body ?? {}) as object } : {}),
  });
  const contentType = String(res.headers['content-type'] ?? '');
  const text =
    contentType.startsWith(XLSX_TYPE) && res.statusCode === 200
      ? await workbookText(res.rawPayload)
      : /^(image|application\/octet-stream)/.test(contentType)
        ? ''
        : res.body;
  t.responses.push(text);
  return { status: res.statusCode, contentType, text };
}

let serialCounter = 0;
const serial = (prefix: string) => {
  serialCounter += 1;
  return `${prefix}-${randomBytes(3).toString('hex').toUpperCase()}${serialCounter}`;
};

/** A workbook with a header row and rows under it, as the import and SN routes read them. */
export async function workbook(header: string[], rows: (string | number)[][]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('sheet');
  ws.addRow(header);
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}
export const snSheet = () => workbook([SN_SHEET_HEADER], [[serial('SNX')]]);
export const faultCodeSheet = () => {
  const code = `MXI-${randomBytes(3).toString('hex').toUpperCase()}`;
  return workbook(FAULT_XLSX_COLUMNS, [
    [
      code,
      'INVERTER',
      'WARN',
      ...LANGS.map((l) => `Imported message ${l}`),
      ...LANGS.map((l) => `Imported advice ${l}`),
    ],
  ]);
};

/** One text per language, as the fault code library keeps them. */
export const texts = (prefix: string) => Object.fromEntries(LANGS.map((l) => [l, `${prefix} ${l}`]));
export const firmwareDescriptions = () =>
  Object.fromEntries(FIRMWARE_DESC_LANGS.map((l) => [l, `Matrix image ${l}`]));

/** A firmware image on disk and its row, signed by the manufacturer's test key, as an upload leaves them. */
async function firmwareFile(t: TestApp, uploadedBy: number | null, makerId: number) {
  const id = randomBytes(16).toString('hex');
  const data = randomBytes(1024);
  const file = firmwarePath(t.ctx.config, id);
  const signer = await signerOf(t.ctx.db, makerId);
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, data);
  await t.ctx.db.insert(firmwareFiles).values({
    id,
    fileName: `${id}.bin`,
    size: data.length,
    sha256: createHash('sha256').update(data).digest('hex'),
    signature: signer.sign(data),
    keyId: signer.keyId,
    uploadedBy,
  });
  return id;
}

/** A firmware upload's form for `firmwareUpload`: a small image signed by the manufacturer's test key. */
export async function signedFirmwareUpload(t: TestApp, makerId: number): Promise<Req> {
  const data = randomBytes(2048);
  const signer = await signerOf(t.ctx.db, makerId);
  return {
    file: { data, name: 'fw.bin', type: 'application/octet-stream' },
    fields: { manufacturerId: String(makerId), signature: signer.sign(data) },
  };
}

/** A firmware program of an organisation, straight in the database (its own image). */
export async function addProgram(t: TestApp, orgId: number, makerId: number) {
  const version = `MX${randomBytes(3).toString('hex').toUpperCase()}.1`;
  const [program] = await t.ctx.db
    .insert(firmwarePrograms)
    .values({
      manufacturerId: makerId,
      firmwareType: 'INVERTER_ARM',
      version,
      description: 'Matrix image',
      descriptions: firmwareDescriptions() as never,
      supportAll: true,
      fileId: await firmwareFile(t, null, makerId),
      orgId,
      createdByName: 'fixture',
    })
    .returning({ id: firmwarePrograms.id });
  return { id: program!.id, version };
}

async function json(t: TestApp, method: string, url: string, token: string, req: Req) {
  const res = await send(t, method, url, req, token);
  if (res.status !== 200) throw new Error(`${method} ${url} failed: ${res.status} ${res.text}`);
  return (JSON.parse(res.text) as { data: unknown }).data;
}

async function login(t: TestApp, username: string, password: string) {
  const res = await send(
    t,
    'POST',
    '/auth/user/login',
    { body: { account: username, password: md5(password), loginType: 'password', agree: true } },
    null,
  );
  if (res.status !== 200) throw new Error(`login ${username} failed: ${res.status} ${res.text}`);
  return (JSON.parse(res.text) as { data: string }).data;
}

/** One installer's side, registered through the API as the installer does it, the rest in the database. */
async function buildSide(
  t: TestApp,
  label: 'A' | 'B',
  orgName: string,
  installer: string,
  owner: Side['owner'],
  maker: Fixtures['maker'],
): Promise<Side> {
  const db = t.ctx.db;
  const token = await login(t, installer, DEMO_PASSWORD);
  const orgId = await orgIdByName(t, orgName);
  const org = await orgInfo(t, orgId);

  const uploaded = (await json(t, 'POST', '/file/upload', token, {
    file: { data: PNG, name: 'roof.png', type: 'image/png' },
  })) as { url: string };
  const [dongleSn, inverterSn, batterySn] = [
    serial(`MX${label}-DGL`),
    serial(`MX${label}-INV`),
    serial(`MX${label}-BAT`),
  ];
  const body = {
    stationName: `Matrix plant ${label} ${unique('')}`,
    stationType: 'ENERGY_STORAGE',
    installedCapacity: 9.5,
    energyStorage: 10,
    gridConnectionTime: '2025-05-01',
    buildDate: '2025-04-20',
    angleOfRoll: 30,
    azimuth: 0,
    onlineElectrovalence: 0.082,
    buyElectrovalence: 0.32,
    currency: 'EUR',
    stationPicture: uploaded.url,
    countryCode: 'DE',
    regionCode: 'DE-BY',
    detailAddress: `Matrixweg 1, ${org.address}`,
    latitude: 48.37,
    longitude: 10.89,
    timezone: 'Europe/Berlin',
    orgId,
    ownerName: `Owner ${label}`,
    contactType: 'EMAIL',
    contactInformation: owner.email,
    devices: {
      dongles: [
        {
          sn: dongleSn,
          networkingMode: 'WIFI',
          inverters: [
            {
              sn: inverterSn,
              inverterType: 'SINGLE_PHASE',
              ratedPower: 6000,
              manufacturer: maker.name,
              model: 'MX-6K',
            },
          ],
          batteries: [{ sn: batterySn, manufacturer: maker.name, model: 'MX-B5' }],
          meters: [],
        },
      ],
    },
  };
  const saved = (await json(t, 'POST', '/station/station/add', token, { body })) as {
    id: number;
    stationNo: string;
    dongles: { sn: string; secret: string }[];
  };
  const plantId = saved.id;
  const [plantRow] = await db.select().from(plants).where(eq(plants.id, plantId));
  if (plantRow?.ownerUserId !== owner.id) throw new Error(`plant ${label} is not linked to its owner`);
  const [dongle] = await db.select().from(dongles).where(eq(dongles.plantId, plantId));
  const deviceRows = await db.select().from(devices).where(eq(devices.plantId, plantId));
  const inverter = deviceRows.find((d) => d.sn === inverterSn)!;
  const battery = deviceRows.find((d) => d.sn === batterySn)!;

  const employee = await addUser(t, {
    org: orgId,
    roles: ['INSTALLER_ADMIN'],
    prefix: `emp${label.toLowerCase()}`,
    phone: uniquePhone(),
  });
  const roleCode = await addRole(t, {
    org: orgId,
    perms: ['2001', '2001001'],
    type: 'INSTALLER',
    scope: 'ORG_AND_SUB',
    prefix: `MXROLE${label}`,
  });

  const now = Date.now();
  const [alarm] = await db
    .insert(alarms)
    .values({
      plantId,
      dongleId: dongle!.id,
      deviceId: inverter.id,
      sourceSn: inverter.sn,
      deviceType: 'INVERTER',
      kind: 'EVENT',
      faultCode: 'INV-GRID-OV',
      alarmLevel: 'ERROR',
      startedAt: new Date(now - 3_600_000),
      latestAt: new Date(now - 3_600_000),
    })
    .returning({ id: alarms.id });

  // What the inverter last reported, so that a write has something to change; and one logged read.
  await db
    .insert(remoteParamSnapshots)
    .values({ deviceId: inverter.id, values: { overVoltage1: 287.5 }, readAt: new Date(now - 60_000) });
  await auditRemote(db, {
    action: 'READ',
    outcome: 'SENT',
    userId: null,
    username: installer,
    plantId,
    deviceId: inverter.id,
    deviceSn: inverter.sn,
  });

  const program = await addProgram(t, orgId, maker.id);
  const taskName = `Matrix task ${label} ${unique('')}`;
  const [task] = await db
    .insert(upgradeTasks)
    .values({
      name: taskName,
      programId: program.id,
      orgId,
      status: 'RUNNING',
      startAt: new Date(now - 60_000),
      firstBatchPercent: 100,
      successThreshold: 90,
      stage: 2,
      createdByName: installer,
    })
    .returning({ id: upgradeTasks.id });
  const downloadToken = randomBytes(24).toString('base64url');
  const taskRow = (
    status: UpgradeDeviceStatus,
    extra: Partial<typeof upgradeTaskDevices.$inferInsert> = {},
  ) => ({
    taskId: task!.id,
    deviceId: inverter.id,
    dongleId: dongle!.id,
    plantId,
    sn: inverter.sn,
    dongleSn: dongle!.sn,
    batch: 1,
    status,
    ...extra,
  });
  const [sent, failed] = await db
    .insert(upgradeTaskDevices)
    .values([
      taskRow('SENT', {
        tokenHash: tokenHash(downloadToken),
        tokenExpiresAt: new Date(now + 30 * 60_000),
        sentAt: new Date(now),
      }),
      taskRow('FAILED'),
    ])
    .returning({ id: upgradeTaskDevices.id });
  await db.insert(upgradeDeviceEvents).values([
    { taskDeviceId: sent!.id, status: 'QUEUED' },
    { taskDeviceId: failed!.id, status: 'FAILED' },
  ]);

  return {
    label,
    installer,
    org,
    owner,
    plant: { id: plantId, name: body.stationName, stationNo: saved.stationNo, picture: uploaded.url, body },
    dongle: { id: dongle!.id, sn: dongle!.sn, secret: saved.dongles[0]!.secret },
    inverter: { id: inverter.id, sn: inverter.sn },
    battery: { id: battery.id, sn: battery.sn },
    employee: { id: employee.id, username: employee.username, email: employee.email },
    role: { id: await roleIdByCode(t, roleCode), code: roleCode },
    alarmId: alarm!.id,
    program,
    task: { id: task!.id, name: taskName, sentRowId: sent!.id, failedRowId: failed!.id },
    downloadToken,
  };
}

async function orgInfo(t: TestApp, id: number): Promise<Side['org']> {
  const [org] = await t.ctx.db.select().from(organizations).where(eq(organizations.id, id));
  return { id, name: org!.name, address: org!.address ?? '', parentId: org!.parentId! };
}

async function userInfo(t: TestApp, username: string) {
  const [u] = await t.ctx.db.select().from(users).where(eq(users.username, username));
  if (!u) throw new Error(`no user ${username}`);
  return u;
}

export async function buildFixtures(t: TestApp): Promise<Fixtures> {
  const db = t.ctx.db;
  const tag = randomBytes(3).toString('hex').toUpperCase();
  const [maker] = await db
    .insert(manufacturers)
    .values({ name: `MatrixMaker ${tag}`, abbreviation: `MXM${tag}` })
    .returning({ id: manufacturers.id, name: manufacturers.name });
  const basicMaker = { id: 0, name: `Matrix basic ${tag}` };
  [{ id: basicMaker.id }] = (await db
    .insert(manufacturers)
    .values({ name: basicMaker.name })
    .returning({ id: manufacturers.id })) as [{ id: number }];
  const spec = { id: 0, name: `MX-SPEC-${tag}` };
  [{ id: spec.id }] = (await db
    .insert(deviceSpecs)
    .values({ deviceType: 'INVERTER', deviceSpecs: spec.name, manufacturerId: basicMaker.id })
    .returning({ id: deviceSpecs.id })) as [{ id: number }];
  const code = `MXF-${tag}`;
  const [fault] = await db
    .insert(faultCodes)
    .values({
      faultCode: code,
      deviceType: 'INVERTER',
      alarmLevel: 'WARN',
      messages: texts('Matrix message') as never,
      fixAdvice: texts('Matrix advice') as never,
    })
    .returning({ id: faultCodes.id });
  const menu = { id: 0, name: `Matrix menu ${tag}`, permCode: `99${Date.now() % 1_000_000_000}` };
  [{ id: menu.id }] = (await db
    .insert(menus)
    .values({ type: 'BUTTON', name: menu.name, permCode: menu.permCode })
    .returning({ id: menus.id })) as [{ id: number }];

  const ownerA = await userInfo(t, 'demo-owner');
  const bravo = await orgIdByName(t, 'Energie Bravo');
  const ownerBOrg = await createOrg(db, { name: `Familie Bauer ${tag}`, type: 'OWNER', parentId: bravo });
  const ownerBName = unique('owner-b');
  const ownerBEmail = `${ownerBName}@test.pvstar.local`;
  const ownerBId = await createUser(
    db,
    {
      orgId: ownerBOrg,
      username: ownerBName,
      nickname: 'Owner B',
      password: DEMO_PASSWORD,
      email: ownerBEmail,
    },
    ['OWNER'],
  );
  const makerRef = { id: maker!.id, name: maker!.name };
  const a = await buildSide(
    t,
    'A',
    'Solartechnik Alpha',
    'demo-installer-a',
    { id: ownerA.id, username: ownerA.username, email: ownerA.email! },
    makerRef,
  );
  const b = await buildSide(
    t,
    'B',
    'Energie Bravo',
    'demo-installer-b',
    { id: ownerBId, username: ownerBName, email: ownerBEmail },
    makerRef,
  );
  const loginUser = await addUser(t, { org: 'Solartechnik Alpha', roles: ['GUEST'], prefix: 'signin' });
  return {
    a,
    b,
    dealerOrgId: await orgIdByName(t, 'Sonnenhandel GmbH'),
    maker: makerRef,
    basicMaker,
    spec,
    faultCode: { id: fault!.id, code },
    menu,
    installerRoleId: await roleIdByCode(t, 'INSTALLER_ADMIN'),
    loginUser: { username: loginUser.username, password: loginUser.password },
  };
}

/** Signs in every caller of the matrix (the demo login for `demo`; `none` has no token). */
export async function signInCallers(t: TestApp): Promise<Callers> {
  const seeded = async (username: string, roles: string[], password = DEMO_PASSWORD): Promise<Signed> => {
    const u = await userInfo(t, username);
    return { token: await login(t, username, password), username, password, orgId: u.orgId, roles };
  };
  /** A user of an installer holding every permission code with its organisation's scope. */
  const allCodes = async (org: string): Promise<Signed> => {
    const role = await addRole(t, {
      org,
      perms: ALL_PERM_CODES,
      type: 'INSTALLER',
      scope: 'ORG_AND_SUB',
      prefix: 'ALLCODES',
    });
    const u = await addUser(t, { org, roles: [role], prefix: 'allcodes' });
    return seeded(u.username, [role]);
  };
  /** Another house owner of installer A, with no plant of its own. */
  const neighbour = async (): Promise<Signed> => {
    const org = await createOrg(t.ctx.db, {
      name: unique('Familie Nachbar '),
      type: 'OWNER',
      parentId: await orgIdByName(t, 'Solartechnik Alpha'),
    });
    return seeded((await addUser(t, { org, roles: ['OWNER'], prefix: 'neighbour' })).username, ['OWNER']);
  };
  const demo = await send(t, 'POST', '/auth/user/demo/login', { body: {} }, null);
  const demoUser = await userInfo(t, 'demo');
  return {
    admin: await seeded('admin', ['PROVIDER_ADMIN'], ADMIN_PASSWORD),
    dealer: await seeded('demo-dealer', ['DEALER_ADMIN']),
    installerA: await seeded('demo-installer-a', ['INSTALLER_ADMIN']),
    installerB: await seeded('demo-installer-b', ['INSTALLER_ADMIN']),
    owner: await seeded('demo-owner', ['OWNER']),
    neighbour: await neighbour(),
    guest: await seeded('demo-guest', ['GUEST']),
    demo: {
      token: (JSON.parse(demo.text) as { data: string }).data,
      username: 'demo',
      password: '',
      orgId: demoUser.orgId,
      roles: ['DEMO_VIEWER'],
    },
    bAll: await allCodes('Energie Bravo'),
    aAll: await allCodes('Solartechnik Alpha'),
    none: { token: null, username: '', password: '', orgId: 0, roles: [] },
  };
}

/** A new user of the same organisation and roles as a caller, signed in (for routes that change the caller). */
export async function twinOf(t: TestApp, caller: Signed): Promise<Signed> {
  const u = await addUser(t, { org: caller.orgId, roles: caller.roles, prefix: 'twin' });
  return {
    ...caller,
    username: u.username,
    password: u.password,
    token: await login(t, u.username, u.password),
  };
}

/** A second session of the same caller (for routes that end the session they are called with). */
export async function freshSession(t: TestApp, caller: Signed): Promise<Signed> {
  if (caller.username === 'demo') {
    const res = await send(t, 'POST', '/auth/user/demo/login', { body: {} }, null);
    return { ...caller, token: (JSON.parse(res.text) as { data: string }).data };
  }
  return { ...caller, token: await login(t, caller.username, caller.password) };
}

/** Copies of a side's objects for the routes that destroy what they name. */
export const throwaway = {
  async user(t: TestApp, side: Side) {
    return (await addUser(t, { org: side.org.id, roles: ['INSTALLER_ADMIN'], prefix: 'gone' })).id;
  },
  async role(t: TestApp, side: Side) {
    return roleIdByCode(t, await addRole(t, { org: side.org.id, perms: ['2001'], prefix: 'GONE' }));
  },
  async org(t: TestApp, fx: Fixtures) {
    const name = unique('Gone installer ');
    return { id: await createOrg(t.ctx.db, { name, type: 'INSTALLER', parentId: fx.dealerOrgId }), name };
  },
  async plant(t: TestApp, side: Side) {
    const name = unique('Gone plant ');
    const [row] = await t.ctx.db
      .insert(plants)
      .values({
        plantNo: `PX${randomBytes(5).toString('hex')}`,
        orgId: side.org.id,
        name,
        type: 'PHOTOVOLTAIC',
        installedCapacity: 5,
        latitude: 48.37,
        longitude: 10.89,
      })
      .returning({ id: plants.id });
    return { id: row!.id, name };
  },
  async manufacturer(t: TestApp) {
    const [row] = await t.ctx.db
      .insert(manufacturers)
      .values({ name: unique('Gone maker ') })
      .returning({ id: manufacturers.id });
    return row!.id;
  },
  async spec(t: TestApp, fx: Fixtures) {
    const [row] = await t.ctx.db
      .insert(deviceSpecs)
      .values({ deviceType: 'CELL', deviceSpecs: unique('GONE-SPEC-'), manufacturerId: fx.basicMaker.id })
      .returning({ id: deviceSpecs.id });
    return row!.id;
  },
  async faultCode(t: TestApp) {
    const [row] = await t.ctx.db
      .insert(faultCodes)
      .values({
        faultCode: `GONE-${randomBytes(4).toString('hex').toUpperCase()}`,
        deviceType: 'METER',
        alarmLevel: 'INFO',
        messages: texts('Gone') as never,
        fixAdvice: texts('Gone') as never,
      })
      .returning({ id: faultCodes.id });
    return row!.id;
  },
  async menu(t: TestApp) {
    const [row] = await t.ctx.db
      .insert(menus)
      .values({
        type: 'BUTTON',
        name: unique('Gone menu '),
        permCode: `98${randomBytes(4).readUInt32BE() % 1e9}`,
      })
      .returning({ id: menus.id });
    return row!.id;
  },
  async program(t: TestApp, side: Side, fx: Fixtures) {
    return (await addProgram(t, side.org.id, fx.maker.id)).id;
  },
};
