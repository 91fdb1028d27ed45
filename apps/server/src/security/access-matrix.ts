import type { UpgradeTaskStatus } from '@pvstar/contract/firmware';
import { MQTT_AUTH_SECRET_HEADER } from '@pvstar/contract/mqtt-auth';
import { PERM } from '@pvstar/contract/perm';
import { and, eq, inArray } from 'drizzle-orm';
import { generate, generateSecret } from 'otplib';
import {
  pendingContacts,
  remoteCommands,
  twoFactorChallenges,
  upgradeTaskDevices,
  upgradeTasks,
  users,
  userTwoFactor,
} from '../db/schema/index.ts';
import type { RouteEntry } from '../http/pipeline.ts';
import { md5, newToken, sha256 } from '../lib/crypto.ts';
import { generateSigningKey } from '../modules/firmware/firmware.signature.ts';
import { tokenHash } from '../modules/upgrade/upgrade.dispatcher.ts';
import { registerSigner } from '../test/firmware-signing.ts';
import {
  addUser,
  DEMO_PASSWORD,
  MQTT_HTTP_AUTH_SECRET,
  requestCode,
  type TestApp,
  unique,
} from '../test/helper.ts';
import {
  type Caller,
  COLUMNS,
  type Column,
  type Fixtures,
  faultCodeSheet,
  firmwareDescriptions,
  PNG,
  type Req,
  type Side,
  type Signed,
  send,
  signedFirmwareUpload,
  snSheet,
  texts,
  throwaway,
} from './fixtures.ts';

/**
 * The permission matrix (issue 8): every route of the route table, how to call it validly, and what each
 * caller must get. The statuses are written by hand from the product's rules — the seeded roles
 * (packages/contract/src/perm.ts DEFAULT_ROLE_PERMS), the data scopes (ARCHITECTURE §5: a row outside the
 * scope answers 404) and the read-only demo login — not computed from the code under test.
 *
 * The object a route names belongs to one installer's side (`side`, installer A's in the main run; the
 * plant is the owner's); `neighbour` is another house owner of installer A, `installerB` the sibling
 * installer with the same roles, `bAll` a user of installer B holding every permission code (so that
 * only the data scope stands between it and A's objects).
 */
export type Status = 200 | 302 | 401 | 403 | 404;

export interface CallContext {
  t: TestApp;
  fx: Fixtures;
  /** The side whose objects the request names. */
  side: Side;
  /** Who the call is made as (a column of the matrix or, in the mirrored run, installer A's all-codes user). */
  as: Caller;
  /** Whether this caller is expected to succeed (then the request must be one that succeeds). */
  allowed: boolean;
  /** The account making the call: the caller itself, or its twin / fresh session (see `by`). */
  caller: Signed;
}

export interface MatrixEntry {
  /** `METHOD url` exactly as in the route table. */
  route: string;
  expect: Record<Column, Status>;
  request: (c: CallContext) => Req | Promise<Req>;
  /** Puts the named object back into the state the route acts on; runs before each allowed call. */
  prepare?: (c: CallContext) => Promise<void>;
  /**
   * Allowed calls of routes that end the session they are called with run on a fresh session of the
   * caller; those that change or remove the account itself run as a twin (same organisation and roles).
   */
  by?: 'freshSession' | 'twin';
  /**
   * Texts of the side's objects that must be absent from the answers of the sibling installers (and,
   * so that the check means something, present in the answer of the side's own installer or admin).
   */
  hides?: (side: Side) => string[];
}

/**
 * One row of the table, in the order of `COLUMNS`:
 *   admin dealer installerA installerB owner neighbour guest demo bAll none
 */
function row(statuses: string): Record<Column, Status> {
  const parts = statuses.trim().split(/\s+/).map(Number);
  if (parts.length !== COLUMNS.length || parts.some((s) => ![200, 302, 401, 403, 404].includes(s)))
    throw new Error(`bad matrix row: ${statuses}`);
  return Object.fromEntries(COLUMNS.map((c, i) => [c, parts[i]])) as Record<Column, Status>;
}

const page = { pageNum: 1, pageSize: 100 };
const yesterday = () => new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
const email = (prefix: string) => `${unique(prefix)}@test.pvstar.local`;

/** An e-mail an administrator set for a user, waiting for the code given (stored as the server stores it). */
async function pendingEmailFor(t: TestApp, username: string, contact: string, code: string) {
  const [user] = await t.ctx.db.select({ id: users.id }).from(users).where(eq(users.username, username));
  if (!user) return;
  await t.ctx.db.delete(pendingContacts).where(eq(pendingContacts.userId, user.id));
  await t.ctx.db.insert(pendingContacts).values({
    userId: user.id,
    contactType: 'EMAIL',
    contact,
    codeHash: sha256(`${contact}:${code}`),
    expiresAt: new Date(Date.now() + 3600_000),
  });
}
const pictureName = (side: Side) => side.plant.picture.split('/').pop()!;
let serialCounter = 0;
const freshSerial = (prefix: string) => {
  serialCounter += 1;
  return `${prefix}-${Date.now().toString(36).toUpperCase()}${serialCounter}`;
};

/** A valid new plant for the side's installer organisation (fresh serials each time). */
const newPlant = (side: Side) => ({
  stationName: unique('Matrix new plant '),
  stationType: 'PHOTOVOLTAIC',
  installedCapacity: 4.2,
  countryCode: 'DE',
  latitude: 48.37,
  longitude: 10.89,
  orgId: side.org.id,
  devices: {
    dongles: [
      {
        sn: freshSerial('MXN-DGL'),
        inverters: [{ sn: freshSerial('MXN-INV'), inverterType: 'SINGLE_PHASE' }],
      },
    ],
  },
});

/** A second factor for an account straight in the database (secret known), on or waiting for its first code. */
const TOTP_SECRET = generateSecret();
async function giveSecondFactor(t: TestApp, username: string, enabled: boolean) {
  const [user] = await t.ctx.db.select({ id: users.id }).from(users).where(eq(users.username, username));
  // The no-token column has no account.
  if (!user) return;
  const values = { secret: TOTP_SECRET, enabledAt: enabled ? new Date() : null, lastTimeStep: null };
  await t.ctx.db
    .insert(userTwoFactor)
    .values({ userId: user.id, ...values })
    .onConflictDoUpdate({ target: userTwoFactor.userId, set: values });
}
/** A sign-in challenge of a throwaway account of the side. */
async function challengeFor(t: TestApp, side: Side, kind: 'VERIFY' | 'SETUP') {
  const user = await addUser(t, { org: side.org.id, roles: ['GUEST'], prefix: 'tf' });
  if (kind === 'VERIFY') await giveSecondFactor(t, user.username, true);
  const challenge = newToken();
  await t.ctx.db.insert(twoFactorChallenges).values({
    userId: user.id,
    tokenHash: sha256(challenge),
    kind,
    expiresAt: new Date(Date.now() + 60_000),
  });
  return challenge;
}

// Every column is 200 (public routes; a public route ignores the token).
const PUBLIC = '200 200 200 200 200 200 200 200 200 200';
// Any signed-in account; no token is 401.
const SIGNED_IN = '200 200 200 200 200 200 200 200 200 401';
// Any signed-in account that may write (the demo login is read-only).
const SIGNED_IN_WRITE = '200 200 200 200 200 200 200 403 200 401';

// Columns of every row: admin dealer installerA installerB owner neighbour guest demo bAll none.
export const MATRIX: MatrixEntry[] = [
  // Plugins (API docs) and the app's own public routes.
  { route: 'GET /docs', expect: row(PUBLIC), request: () => ({}) },
  { route: 'HEAD /docs/', expect: row(PUBLIC), request: () => ({}) },
  {
    route: 'GET /docs/static/index.html',
    expect: row('302 302 302 302 302 302 302 302 302 302'),
    request: () => ({}),
  },
  { route: 'GET /docs/static/swagger-initializer.js', expect: row(PUBLIC), request: () => ({}) },
  { route: 'GET /docs/json', expect: row(PUBLIC), request: () => ({}) },
  { route: 'GET /docs/yaml', expect: row(PUBLIC), request: () => ({}) },
  {
    route: 'GET /docs/static/*',
    expect: row(PUBLIC),
    request: () => ({ params: { '*': 'swagger-ui.css' } }),
  },
  { route: 'GET /', expect: row(PUBLIC), request: () => ({}) },
  { route: 'GET /health', expect: row(PUBLIC), request: () => ({}) },
  { route: 'GET /ready', expect: row(PUBLIC), request: () => ({}) },
  { route: 'GET /system/config', expect: row(PUBLIC), request: () => ({}) },
  { route: 'GET /system/crc/selectAll', expect: row(PUBLIC), request: () => ({}) },
  { route: 'GET /system/unit/getAllUnit', expect: row(PUBLIC), request: () => ({}) },
  {
    route: 'POST /system/area/getBysuperiorCode',
    expect: row(PUBLIC),
    request: () => ({ body: { superiorCode: 'DE' } }),
  },
  {
    route: 'POST /system/smsEmail/send',
    expect: row(PUBLIC),
    request: () => ({ body: { contactType: 'EMAIL', contact: email('code'), purpose: 'REGISTER' } }),
  },
  {
    route: 'POST /auth/user/login',
    expect: row(PUBLIC),
    request: ({ fx }) => ({
      body: {
        account: fx.loginUser.username,
        password: md5(fx.loginUser.password),
        loginType: 'password',
        agree: true,
      },
    }),
  },
  { route: 'POST /auth/user/demo/login', expect: row(PUBLIC), request: () => ({ body: {} }) },
  // EMQX's HTTP authentication and authorisation: the shared secret, not a session, opens them (every column
  // alike; without the secret 401, modules/mqtt-auth/mqtt-auth.test.ts).
  {
    route: 'POST /mqtt/auth',
    expect: row(PUBLIC),
    request: ({ side }) => ({
      headers: { [MQTT_AUTH_SECRET_HEADER]: MQTT_HTTP_AUTH_SECRET },
      body: { clientid: side.dongle.sn, username: side.dongle.sn, password: 'not-its-secret-0123456789' },
    }),
  },
  {
    route: 'POST /mqtt/acl',
    expect: row(PUBLIC),
    request: ({ side }) => ({
      headers: { [MQTT_AUTH_SECRET_HEADER]: MQTT_HTTP_AUTH_SECRET },
      body: {
        clientid: side.dongle.sn,
        username: side.dongle.sn,
        topic: `pvstar/v1/${side.dongle.sn}/up/telemetry`,
        action: 'publish',
      },
    }),
  },
  {
    route: 'POST /auth/user/register',
    expect: row(PUBLIC),
    request: async ({ t }) => {
      const contact = email('reg');
      const code = await requestCode(t, contact, 'REGISTER');
      const password = md5('Matrix12');
      return {
        body: {
          username: unique('reg'),
          contactType: 'EMAIL',
          contact,
          code,
          password,
          confirmPassword: password,
          agree: true,
        },
      };
    },
  },
  {
    route: 'POST /auth/user/forget',
    expect: row(PUBLIC),
    request: async ({ t, side }) => {
      // A throwaway account forgets its password (the fixtures' accounts keep theirs).
      const user = await addUser(t, { org: side.org.id, roles: ['GUEST'], prefix: 'forget' });
      const code = await requestCode(t, user.email, 'FORGET');
      const password = md5('Matrix12');
      return {
        body: { contactType: 'EMAIL', contact: user.email, code, password, confirmPassword: password },
      };
    },
  },
  {
    // The dongle's download: the short-lived token in the link is the credential, not a session. It works
    // once, so each caller is handed it unused.
    route: 'GET /iot/firmware/download',
    expect: row(PUBLIC),
    request: async ({ t, side }) => {
      await t.ctx.db
        .update(upgradeTaskDevices)
        .set({ tokenUsedAt: null })
        .where(eq(upgradeTaskDevices.tokenHash, tokenHash(side.downloadToken)));
      return { query: { token: side.downloadToken } };
    },
  },

  {
    route: 'POST /auth/user/twoFactor/verify',
    expect: row(PUBLIC),
    request: async ({ t, side }) => ({
      body: {
        challenge: await challengeFor(t, side, 'VERIFY'),
        code: await generate({ secret: TOTP_SECRET }),
      },
    }),
  },
  {
    route: 'POST /auth/user/twoFactor/challengeSetup',
    expect: row(PUBLIC),
    request: async ({ t, side }) => ({ body: { challenge: await challengeFor(t, side, 'SETUP') } }),
  },

  // The signed-in user's own account.
  { route: 'GET /auth/user/getUserInfo', expect: row(SIGNED_IN), request: () => ({}) },
  { route: 'GET /auth/user/twoFactor', expect: row(SIGNED_IN), request: () => ({}) },
  {
    route: 'POST /auth/user/twoFactor/setup',
    expect: row(SIGNED_IN_WRITE),
    by: 'twin',
    request: () => ({}),
  },
  {
    route: 'POST /auth/user/twoFactor/enable',
    expect: row(SIGNED_IN_WRITE),
    by: 'twin',
    request: async ({ t, caller }) => {
      await giveSecondFactor(t, caller.username, false);
      return { body: { code: await generate({ secret: TOTP_SECRET }) } };
    },
  },
  {
    route: 'POST /auth/user/twoFactor/disable',
    expect: row(SIGNED_IN_WRITE),
    by: 'twin',
    request: async ({ t, caller }) => {
      await giveSecondFactor(t, caller.username, true);
      return { body: { password: md5(caller.password), code: await generate({ secret: TOTP_SECRET }) } };
    },
  },
  { route: 'POST /auth/user/logout', expect: row(SIGNED_IN), by: 'freshSession', request: () => ({}) },
  {
    route: 'POST /auth/user/updateAccountName',
    expect: row(SIGNED_IN_WRITE),
    request: () => ({ body: { nickname: 'Matrix caller' } }),
  },
  {
    route: 'POST /auth/user/bindInfo',
    expect: row(SIGNED_IN_WRITE),
    by: 'twin',
    request: async ({ t }) => {
      const contact = email('bind');
      return { body: { contactType: 'EMAIL', contact, code: await requestCode(t, contact, 'BIND') } };
    },
  },
  {
    route: 'POST /auth/user/confirmContact',
    expect: row(SIGNED_IN_WRITE),
    by: 'twin',
    request: async ({ t, caller }) => {
      const code = '246810';
      await pendingEmailFor(t, caller.username, email('pending'), code);
      return { body: { contactType: 'EMAIL', code } };
    },
  },
  {
    route: 'POST /auth/user/updatePassword',
    expect: row(SIGNED_IN_WRITE),
    by: 'twin',
    request: ({ caller }) => ({
      body: {
        oldPassword: md5(caller.password),
        password: md5(DEMO_PASSWORD),
        confirmPassword: md5(DEMO_PASSWORD),
      },
    }),
  },
  {
    // The provider's staff cannot cancel their own account.
    route: 'POST /auth/user/cancel',
    expect: row('403 200 200 200 200 200 200 403 200 401'),
    by: 'twin',
    request: ({ caller }) => ({ body: { password: md5(caller.password) } }),
  },
  { route: 'GET /auth/user/alarmNotify', expect: row(SIGNED_IN), request: () => ({}) },
  {
    route: 'POST /auth/user/alarmNotify',
    expect: row(SIGNED_IN_WRITE),
    request: () => ({ body: { levels: ['ERROR'] } }),
  },
  {
    // Revealing another user's contact needs a reveal code and the user in scope (one's own: always).
    route: 'POST /system/user/getMobileOrEmail',
    expect: row('200 200 200 404 403 403 403 403 404 401'),
    request: ({ side }) => ({ body: { viewType: 'EMAIL', id: side.employee.id } }),
  },

  // Organisations (dealer page 2005001: provider only; installer page 2005002: provider and dealers).
  {
    route: 'POST /system/org/tree',
    expect: row('200 200 200 200 403 403 403 200 200 401'),
    request: () => ({ body: {} }),
    hides: (s) => [s.org.name],
  },
  {
    route: 'POST /system/org/page',
    expect: row('200 200 403 403 403 403 403 200 200 401'),
    request: ({ side }) => ({ query: page, body: { parentId: side.org.parentId } }),
    hides: (s) => [s.org.name],
  },
  {
    route: 'GET /system/org/detail/:id',
    expect: row('200 200 403 403 403 403 403 200 404 401'),
    request: ({ side }) => ({ params: { id: side.org.id } }),
  },
  {
    route: 'POST /system/org/add',
    expect: row('200 200 403 403 403 403 403 403 404 401'),
    request: ({ side }) => ({
      body: { name: unique('Matrix family '), type: 'OWNER', parentId: side.org.id },
    }),
  },
  {
    route: 'POST /system/org/edit',
    expect: row('200 200 403 403 403 403 403 403 404 401'),
    request: ({ side }) => ({
      body: {
        id: side.org.id,
        name: side.org.name,
        type: 'INSTALLER',
        parentId: side.org.parentId,
        address: side.org.address,
        status: 'NORMAL',
      },
    }),
  },
  {
    route: 'POST /system/org/delete',
    expect: row('200 200 403 403 403 403 403 403 404 401'),
    request: async ({ t, fx, side, allowed }) => {
      const org = allowed ? await throwaway.org(t, fx) : { id: side.org.id, name: side.org.name };
      return { body: { id: org.id, confirmName: org.name } };
    },
  },
  {
    // Allowed callers confirm the status it has; the others try to freeze it.
    route: 'POST /system/org/updateStatus',
    expect: row('200 200 403 403 403 403 403 403 404 401'),
    request: ({ side, allowed }) => ({ body: { id: side.org.id, status: allowed ? 'NORMAL' : 'FREEZE' } }),
  },
  {
    route: 'POST /system/org/createEmp',
    expect: row('200 200 403 403 403 403 403 403 404 401'),
    request: ({ fx, side }) => ({
      body: {
        orgId: side.org.id,
        username: unique('emp'),
        nickname: 'Matrix employee',
        email: email('emp'),
        roleIds: [fx.installerRoleId],
        password: md5(DEMO_PASSWORD),
      },
    }),
  },
  {
    route: 'POST /system/org/editEmp',
    expect: row('200 200 403 403 403 403 403 403 404 401'),
    request: ({ fx, side }) => ({
      body: { id: side.employee.id, orgId: side.org.id, nickname: 'Employee', roleIds: [fx.installerRoleId] },
    }),
  },

  // Users (2007001).
  {
    route: 'POST /system/user/queryUserPage',
    expect: row('200 200 200 200 403 403 403 200 200 401'),
    request: ({ side }) => ({ query: page, body: { orgId: side.org.id } }),
    hides: (s) => [s.employee.username],
  },
  {
    route: 'POST /system/user/add',
    expect: row('200 200 200 404 403 403 403 403 404 401'),
    request: ({ fx, side }) => ({
      body: {
        orgId: side.org.id,
        username: unique('user'),
        nickname: 'Matrix user',
        email: email('user'),
        roleIds: [fx.installerRoleId],
        password: md5(DEMO_PASSWORD),
      },
    }),
  },
  {
    route: 'POST /system/user/edit',
    expect: row('200 200 200 404 403 403 403 403 404 401'),
    request: ({ fx, side }) => ({
      body: { id: side.employee.id, orgId: side.org.id, nickname: 'Employee', roleIds: [fx.installerRoleId] },
    }),
  },
  {
    route: 'GET /system/user/delete',
    expect: row('200 200 200 404 403 403 403 403 404 401'),
    request: async ({ t, side, allowed }) => ({
      query: { userId: allowed ? await throwaway.user(t, side) : side.employee.id },
    }),
  },
  {
    route: 'GET /system/user/resetPassword',
    expect: row('200 200 200 404 403 403 403 403 404 401'),
    request: ({ side }) => ({ query: { userId: side.employee.id } }),
  },
  {
    // Only the provider's staff (issue 17), whatever codes another organisation's user holds.
    route: 'POST /system/user/resetTwoFactor',
    expect: row('200 403 403 403 403 403 403 403 403 401'),
    request: ({ side }) => ({ body: { userId: side.employee.id } }),
  },
  {
    route: 'POST /system/user/updateAccountStatus',
    expect: row('200 200 200 404 403 403 403 403 404 401'),
    request: ({ side, allowed }) => ({
      body: { userId: side.employee.id, status: allowed ? 'NORMAL' : 'FREEZE' },
    }),
  },

  // Roles (2007002: provider and dealers) and menus (2007003: provider).
  {
    route: 'POST /system/role/page',
    expect: row('200 200 403 403 403 403 403 200 200 401'),
    request: ({ side }) => ({ query: page, body: { roleName: side.role.code } }),
    hides: (s) => [s.role.code],
  },
  {
    route: 'GET /system/role/options',
    expect: row('200 200 200 200 403 403 403 200 200 401'),
    request: () => ({}),
    hides: (s) => [s.role.code],
  },
  {
    route: 'GET /system/role/detail/:id',
    expect: row('200 200 403 403 403 403 403 200 404 401'),
    request: ({ side }) => ({ params: { id: side.role.id } }),
  },
  {
    route: 'POST /system/role/add',
    expect: row('200 200 403 403 403 403 403 403 200 401'),
    request: () => {
      const code = unique('MXNEW').toUpperCase();
      return {
        body: {
          roleName: code,
          roleCode: code,
          roleType: 'INSTALLER',
          dataScope: 'ORG_AND_SUB',
          permCodes: ['2001'],
        },
      };
    },
  },
  {
    route: 'POST /system/role/edit',
    expect: row('200 200 403 403 403 403 403 403 404 401'),
    request: ({ side }) => ({
      body: {
        id: side.role.id,
        roleName: side.role.code,
        roleCode: side.role.code,
        roleType: 'INSTALLER',
        dataScope: 'ORG_AND_SUB',
        permCodes: ['2001', '2001001'],
      },
    }),
  },
  {
    route: 'POST /system/role/updateStatus',
    expect: row('200 200 403 403 403 403 403 403 404 401'),
    request: ({ side, allowed }) => ({
      body: { id: side.role.id, status: allowed ? 'ENABLED' : 'DISABLED' },
    }),
  },
  {
    route: 'GET /system/role/delete',
    expect: row('200 200 403 403 403 403 403 403 404 401'),
    request: async ({ t, side, allowed }) => ({
      query: { roleId: allowed ? await throwaway.role(t, side) : side.role.id },
    }),
  },
  {
    // The audit log (2007004) shows other people's sign-ins: not for view-only roles, in the caller's scope.
    route: 'POST /system/audit/page',
    expect: row('200 200 200 200 403 403 403 403 200 401'),
    request: ({ side }) => ({ query: page, body: { username: side.installer } }),
    hides: (s) => [s.plant.name],
  },
  {
    route: 'POST /system/audit/export',
    expect: row('200 200 200 200 403 403 403 403 200 401'),
    request: ({ side }) => ({ body: { username: side.installer } }),
    hides: (s) => [s.plant.name],
  },
  {
    route: 'GET /system/audit/actions',
    expect: row('200 200 200 200 403 403 403 403 200 401'),
    request: () => ({}),
  },
  {
    route: 'GET /system/menu/tree',
    expect: row('200 403 403 403 403 403 403 403 200 401'),
    request: () => ({}),
  },
  {
    route: 'GET /system/menu/grantable',
    expect: row('200 200 403 403 403 403 403 200 200 401'),
    request: () => ({}),
  },
  {
    route: 'POST /system/menu/add',
    expect: row('200 403 403 403 403 403 403 403 200 401'),
    request: () => ({
      body: {
        type: 'BUTTON',
        name: unique('Matrix button '),
        permCode: `97${Date.now() % 1e9}${serialCounter++}`,
      },
    }),
  },
  {
    route: 'POST /system/menu/edit',
    expect: row('200 403 403 403 403 403 403 403 200 401'),
    request: ({ fx }) => ({
      body: { id: fx.menu.id, type: 'BUTTON', name: fx.menu.name, permCode: fx.menu.permCode },
    }),
  },
  {
    route: 'GET /system/menu/delete',
    expect: row('200 403 403 403 403 403 403 403 200 401'),
    request: async ({ t, fx, allowed }) => ({
      query: { menuId: allowed ? await throwaway.menu(t) : fx.menu.id },
    }),
  },

  // Device center (2002…).
  {
    route: 'POST /iot/device/page',
    expect: row('200 200 200 200 200 200 200 200 200 401'),
    request: ({ side }) => ({ query: page, body: { deviceType: 'INVERTER', plantId: side.plant.id } }),
    hides: (s) => [s.inverter.sn],
  },
  {
    route: 'GET /iot/device/detail',
    expect: row('200 200 200 404 200 404 200 200 404 401'),
    request: ({ side }) => ({ query: { deviceType: 'INVERTER', id: side.inverter.id } }),
  },
  {
    route: 'POST /iot/device/history',
    expect: row('200 200 200 404 200 404 200 200 404 401'),
    request: ({ side }) => ({ body: { deviceId: side.inverter.id, date: yesterday(), metrics: ['power'] } }),
  },
  {
    route: 'GET /iot/stationPower/getEquipmentStatisticsParams',
    expect: row(SIGNED_IN),
    request: () => ({ query: { stationType: 'ENERGY_STORAGE' } }),
  },
  {
    // The dashboard names the newest alarms' plants.
    route: 'GET /station/dashboard',
    expect: row(SIGNED_IN),
    request: () => ({}),
    hides: (s) => [s.plant.name],
  },

  // House owners (2003001).
  {
    route: 'POST /system/owner/queryOwner',
    expect: row('200 200 200 200 403 403 200 200 200 401'),
    request: ({ side }) => ({ query: page, body: { orgId: side.org.id } }),
    hides: (s) => [s.owner.username],
  },
  {
    route: 'GET /system/owner/plants',
    expect: row('200 200 200 404 403 403 200 200 404 401'),
    request: ({ side }) => ({ query: { userId: side.owner.id } }),
  },

  // Plants (2001…): the owner sees the plant it owns, the guest its installer's.
  {
    route: 'POST /station/station/page',
    expect: row(SIGNED_IN),
    request: ({ side }) => ({ query: page, body: { orgId: side.org.id } }),
    hides: (s) => [s.plant.name],
  },
  {
    route: 'POST /station/station/kpi',
    expect: row(SIGNED_IN),
    request: ({ side }) => ({ body: { orgId: side.org.id } }),
  },
  {
    // The fleet map: the whole scope, not a page.
    route: 'POST /station/station/map',
    expect: row(SIGNED_IN),
    request: () => ({ body: {} }),
    hides: (s) => [s.plant.name],
  },
  {
    route: 'GET /station/station/orgTree',
    expect: row(SIGNED_IN),
    request: () => ({}),
    hides: (s) => [s.org.name],
  },
  {
    route: 'POST /station/station/add',
    expect: row('200 200 200 404 403 403 403 403 404 401'),
    request: ({ side }) => ({ body: newPlant(side) }),
  },
  {
    route: 'POST /station/station/edit',
    expect: row('200 200 200 404 403 403 403 403 404 401'),
    // The plant as registered; an empty contact keeps the owner's stored one.
    request: ({ side }) => ({ body: { ...side.plant.body, id: side.plant.id, contactInformation: '' } }),
  },
  {
    route: 'POST /station/station/delete',
    expect: row('200 200 200 404 403 403 403 403 404 401'),
    request: async ({ t, side, allowed }) => {
      const plant = allowed ? await throwaway.plant(t, side) : { id: side.plant.id, name: side.plant.name };
      return { body: { id: plant.id, confirmName: plant.name } };
    },
  },
  {
    route: 'POST /station/station/dongle/resetSecret',
    expect: row('200 200 200 404 403 403 403 403 404 401'),
    request: ({ side }) => ({ body: { dongleId: side.dongle.id } }),
  },
  {
    route: 'GET /station/station/findAddress/:id',
    expect: row('200 200 200 404 200 404 200 200 404 401'),
    request: ({ side }) => ({ params: { id: side.plant.id } }),
  },
  {
    route: 'GET /station/station/detail/:id',
    expect: row('200 200 200 404 200 404 200 200 404 401'),
    request: ({ side }) => ({ params: { id: side.plant.id } }),
  },
  {
    route: 'GET /station/station/overview/:id',
    expect: row('200 200 200 404 200 404 200 200 404 401'),
    request: ({ side }) => ({ params: { id: side.plant.id } }),
  },
  {
    route: 'GET /station/station/powerCurve/:id',
    expect: row('200 200 200 404 200 404 200 200 404 401'),
    request: ({ side }) => ({ params: { id: side.plant.id }, query: { date: yesterday() } }),
  },
  {
    route: 'GET /station/station/realtime/:id',
    expect: row('200 200 200 404 200 404 200 200 404 401'),
    request: ({ side }) => ({ params: { id: side.plant.id } }),
  },
  {
    route: 'POST /station/station/energy',
    expect: row('200 200 200 404 200 404 200 200 404 401'),
    request: ({ side }) => ({ body: { id: side.plant.id, dateType: 'month' } }),
  },
  {
    route: 'GET /station/station/performance/:id',
    expect: row('200 200 200 404 200 404 200 200 404 401'),
    request: ({ side }) => ({ params: { id: side.plant.id }, query: { to: yesterday() } }),
  },
  {
    route: 'POST /file/upload',
    expect: row('200 200 200 200 403 403 403 403 200 401'),
    request: () => ({ file: { data: PNG, name: 'roof.png', type: 'image/png' } }),
  },
  {
    // A plant's picture is the plant's: readable where the plant is.
    route: 'GET /file/pictures/:name',
    expect: row('200 200 200 404 200 404 200 200 404 401'),
    request: ({ side }) => ({ params: { name: pictureName(side) } }),
  },

  // Alarms (2004001; the plant detail's code reads them too).
  {
    route: 'POST /iot/alarm/page',
    expect: row(SIGNED_IN),
    request: ({ side }) => ({ query: page, body: { stationId: side.plant.id } }),
    hides: (s) => [s.plant.name],
  },
  {
    route: 'POST /iot/alarm/summary',
    expect: row(SIGNED_IN),
    request: ({ side }) => ({ body: { stationId: side.plant.id } }),
  },
  {
    // Every seeded role holds the alert center's code; each counts its own scope (alarm.test.ts).
    route: 'GET /iot/alarm/bell',
    expect: row(SIGNED_IN),
    request: () => ({}),
  },
  {
    route: 'POST /iot/alarm/detail',
    expect: row('200 200 200 404 200 404 200 200 404 401'),
    request: ({ side }) => ({ body: { id: side.alarmId } }),
  },
  {
    route: 'POST /iot/alarm/acknowledge',
    expect: row('200 200 200 404 403 403 403 403 404 401'),
    request: ({ side }) => ({ body: { ids: [side.alarmId], comment: 'Seen' } }),
  },
  {
    route: 'POST /iot/alarm/close',
    expect: row('200 200 200 404 403 403 403 403 404 401'),
    request: ({ side }) => ({ body: { ids: [side.alarmId], comment: 'Fixed on site' } }),
  },
  {
    route: 'POST /iot/alarm/export',
    expect: row('200 200 200 200 403 403 403 403 200 401'),
    request: ({ side }) => ({ body: { stationId: side.plant.id } }),
    hides: (s) => [s.plant.name],
  },

  // Remote parameters (2001001006 read, 2001001007 write).
  {
    route: 'POST /iot/remote/params/state',
    expect: row('200 200 200 404 403 403 403 403 404 401'),
    request: ({ side }) => ({ body: { deviceId: side.inverter.id } }),
  },
  {
    route: 'POST /iot/remote/params/read',
    expect: row('200 200 200 404 403 403 403 403 404 401'),
    request: ({ side }) => ({ body: { deviceId: side.inverter.id } }),
  },
  {
    route: 'POST /iot/remote/params/write',
    expect: row('200 200 200 404 403 403 403 403 404 401'),
    // No device answers here: the previous caller's write is still open, so it is closed first.
    prepare: async ({ t, side }) => {
      await t.ctx.db
        .update(remoteCommands)
        .set({ status: 'TIMED_OUT', finishedAt: new Date() })
        .where(
          and(
            eq(remoteCommands.deviceId, side.inverter.id),
            inArray(remoteCommands.status, ['PENDING', 'ACCEPTED', 'VERIFYING']),
          ),
        );
    },
    request: ({ side, caller }) => ({
      body: {
        deviceId: side.inverter.id,
        values: { overVoltage1: 276 },
        disclaimerAccepted: true,
        password: md5(caller.password),
      },
    }),
  },
  {
    route: 'POST /iot/remote/audit/page',
    expect: row('200 200 200 200 403 403 403 403 200 401'),
    request: ({ side }) => ({ query: page, body: { plantId: side.plant.id, deviceId: side.inverter.id } }),
    hides: (s) => [s.inverter.sn],
  },
  {
    route: 'POST /iot/remote/audit/export',
    expect: row('200 200 200 200 403 403 403 403 200 401'),
    request: ({ side }) => ({ body: { plantId: side.plant.id, deviceId: side.inverter.id } }),
    hides: (s) => [s.inverter.sn],
  },

  // Reports (2008): a list of plants must be in scope (else 404); without one, the plants in scope.
  {
    route: 'POST /station/report/energy',
    expect: row('200 200 200 404 200 404 200 200 404 401'),
    request: ({ side }) => ({ body: { dateType: 'month', plantIds: [side.plant.id] } }),
  },
  {
    route: 'POST /station/report/energy/export',
    expect: row('200 200 200 404 200 404 200 200 404 401'),
    request: ({ side }) => ({ body: { dateType: 'month', plantIds: [side.plant.id] } }),
  },
  {
    route: 'POST /station/report/fleet',
    expect: row(SIGNED_IN),
    request: () => ({ body: { dateType: 'month' } }),
    hides: (s) => [s.org.name],
  },
  {
    route: 'POST /station/report/fleet/export',
    expect: row(SIGNED_IN),
    request: () => ({ body: { dateType: 'month' } }),
    hides: (s) => [s.org.name],
  },
  {
    route: 'POST /station/report/alarm',
    expect: row('200 200 200 404 200 404 200 200 404 401'),
    request: ({ side }) => ({ body: { dateType: 'month', plantIds: [side.plant.id] } }),
  },
  {
    route: 'POST /station/report/alarm/export',
    expect: row('200 200 200 404 200 404 200 200 404 401'),
    request: ({ side }) => ({ body: { dateType: 'month', plantIds: [side.plant.id] } }),
  },

  // Basic data (2006: provider only; global, so an all-codes installer may change it).
  {
    route: 'POST /system/manufacturer/page',
    expect: row('200 403 403 403 403 403 403 403 200 401'),
    request: () => ({ query: page, body: {} }),
  },
  {
    route: 'GET /system/manufacturer/all',
    expect: row('200 200 403 403 403 403 403 200 200 401'),
    request: () => ({}),
  },
  {
    route: 'POST /system/manufacturer/add',
    expect: row('200 403 403 403 403 403 403 403 200 401'),
    request: () => ({ body: { name: unique('Matrix maker ') } }),
  },
  {
    route: 'POST /system/manufacturer/edit',
    expect: row('200 403 403 403 403 403 403 403 200 401'),
    request: ({ fx }) => ({ body: { id: fx.basicMaker.id, name: fx.basicMaker.name } }),
  },
  {
    route: 'POST /system/manufacturer/delete',
    expect: row('200 403 403 403 403 403 403 403 200 401'),
    request: async ({ t, fx, allowed }) => ({
      body: { id: allowed ? await throwaway.manufacturer(t) : fx.basicMaker.id },
    }),
  },
  {
    route: 'POST /system/manufacturer/key/list',
    expect: row('200 403 403 403 403 403 403 403 200 401'),
    request: ({ fx }) => ({ body: { manufacturerId: fx.basicMaker.id } }),
  },
  {
    route: 'POST /system/manufacturer/key/add',
    expect: row('200 403 403 403 403 403 403 403 200 401'),
    request: ({ fx }) => ({
      body: { manufacturerId: fx.basicMaker.id, publicKey: generateSigningKey().publicKey },
    }),
  },
  {
    route: 'POST /system/manufacturer/key/retire',
    expect: row('200 403 403 403 403 403 403 403 200 401'),
    request: async ({ t, fx }) => ({
      body: { id: (await registerSigner(t.ctx.db, fx.basicMaker.id)).keyId },
    }),
  },
  {
    route: 'POST /system/deviceSpec/page',
    expect: row('200 403 403 403 403 403 403 403 200 401'),
    request: () => ({ query: page, body: {} }),
  },
  {
    route: 'POST /system/deviceSpec/add',
    expect: row('200 403 403 403 403 403 403 403 200 401'),
    request: ({ fx }) => ({
      body: { deviceType: 'METERBOX', deviceSpecs: unique('MX-NEW-'), manufacturerId: fx.basicMaker.id },
    }),
  },
  {
    route: 'POST /system/deviceSpec/edit',
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
    expect: row('200 403 403 403 403 403 403 403 200 401'),
    request: async ({ t, fx, allowed }) => ({
      body: { id: allowed ? await throwaway.spec(t, fx) : fx.spec.id },
    }),
  },
  {
    route: 'POST /system/faultCode/page',
    expect: row('200 403 403 403 403 403 403 403 200 401'),
    request: () => ({ query: page, body: {} }),
  },
  {
    route: 'POST /system/faultCode/add',
    expect: row('200 403 403 403 403 403 403 403 200 401'),
    request: () => ({
      body: {
        faultCode: `MXA-${Date.now().toString(36).toUpperCase()}${serialCounter++}`,
        deviceType: 'INVERTER',
        alarmLevel: 'WARN',
        message: texts('Matrix message'),
        fixAdvice: texts('Matrix advice'),
      },
    }),
  },
  {
    route: 'POST /system/faultCode/edit',
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
    expect: row('200 403 403 403 403 403 403 403 200 401'),
    request: async ({ t, fx, allowed }) => ({
      body: { id: allowed ? await throwaway.faultCode(t) : fx.faultCode.id },
    }),
  },
  {
    route: 'POST /system/faultCode/export',
    expect: row('200 403 403 403 403 403 403 403 200 401'),
    request: ({ fx }) => ({ body: { faultCode: fx.faultCode.code } }),
  },
  {
    route: 'POST /system/faultCode/import',
    expect: row('200 403 403 403 403 403 403 403 200 401'),
    request: async () => ({ file: { data: await faultCodeSheet(), name: 'codes.xlsx', type: XLSX } }),
  },

  // Firmware programs (2009002: provider and dealers; the demo login reads the list).
  {
    route: 'POST /iot/firmware/page',
    expect: row('200 200 403 403 403 403 403 200 200 401'),
    request: ({ side }) => ({ query: page, body: { version: side.program.version } }),
    hides: (s) => [s.program.version],
  },
  {
    route: 'POST /iot/firmware/upload',
    expect: row('200 200 403 403 403 403 403 403 200 401'),
    request: ({ t, fx }) => signedFirmwareUpload(t, fx.maker.id),
  },
  {
    route: 'GET /iot/firmware/sn/template',
    expect: row('200 200 403 403 403 403 403 403 200 401'),
    request: () => ({}),
  },
  {
    route: 'POST /iot/firmware/sn/parse',
    expect: row('200 200 403 403 403 403 403 403 200 401'),
    request: async () => ({ file: { data: await snSheet(), name: 'sns.xlsx', type: XLSX } }),
  },
  {
    route: 'POST /iot/firmware/add',
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
          firmwareType: 'INVERTER_DSP',
          version: unique('V').toUpperCase(),
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
    expect: row('200 200 403 403 403 403 403 403 404 401'),
    request: ({ side, allowed }) => ({
      body: { id: side.program.id, status: allowed ? 'ENABLED' : 'DISABLED' },
    }),
  },
  {
    route: 'POST /iot/firmware/delete',
    expect: row('200 200 403 403 403 403 403 403 404 401'),
    request: async ({ t, fx, side, allowed }) => ({
      body: { id: allowed ? await throwaway.program(t, side, fx) : side.program.id },
    }),
  },

  // Upgrade tasks (2009001: provider and dealers; the demo login reads them).
  {
    route: 'POST /iot/upgrade/candidates',
    expect: row('200 200 403 403 403 403 403 403 404 401'),
    request: ({ side }) => ({ query: page, body: { programId: side.program.id } }),
  },
  {
    route: 'POST /iot/upgrade/task/add',
    expect: row('200 200 403 403 403 403 403 403 404 401'),
    request: ({ side }) => ({
      body: { name: unique('Matrix new task '), programId: side.program.id, targetIds: [side.inverter.id] },
    }),
  },
  {
    route: 'POST /iot/upgrade/task/page',
    expect: row('200 200 403 403 403 403 403 200 200 401'),
    request: ({ side }) => ({ query: page, body: { name: side.task.name } }),
    hides: (s) => [s.task.name],
  },
  {
    route: 'POST /iot/upgrade/task/detail',
    expect: row('200 200 403 403 403 403 403 200 404 401'),
    request: ({ side }) => ({ body: { id: side.task.id } }),
  },
  {
    route: 'POST /iot/upgrade/task/devices',
    expect: row('200 200 403 403 403 403 403 200 404 401'),
    request: ({ side }) => ({ query: page, body: { taskId: side.task.id } }),
  },
  {
    route: 'POST /iot/upgrade/task/history',
    expect: row('200 200 403 403 403 403 403 200 404 401'),
    request: ({ side }) => ({ body: { id: side.task.failedRowId } }),
  },
  {
    route: 'POST /iot/upgrade/task/pause',
    expect: row('200 200 403 403 403 403 403 403 404 401'),
    prepare: (c) => taskState(c, 'RUNNING'),
    request: ({ side }) => ({ body: { id: side.task.id } }),
  },
  {
    route: 'POST /iot/upgrade/task/resume',
    expect: row('200 200 403 403 403 403 403 403 404 401'),
    prepare: (c) => taskState(c, 'PAUSED'),
    request: ({ side }) => ({ body: { id: side.task.id } }),
  },
  {
    route: 'POST /iot/upgrade/task/cancel',
    expect: row('200 200 403 403 403 403 403 403 404 401'),
    prepare: (c) => taskState(c, 'RUNNING'),
    request: ({ side }) => ({ body: { id: side.task.id } }),
  },
  {
    route: 'POST /iot/upgrade/task/retry',
    expect: row('200 200 403 403 403 403 403 403 404 401'),
    prepare: async (c) => {
      await taskState(c, 'RUNNING');
      await c.t.ctx.db
        .update(upgradeTaskDevices)
        .set({ status: 'FAILED' })
        .where(eq(upgradeTaskDevices.id, c.side.task.failedRowId));
    },
    request: ({ side }) => ({ body: { id: side.task.id } }),
  },
];

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

async function taskState({ t, side }: CallContext, status: UpgradeTaskStatus) {
  await t.ctx.db
    .update(upgradeTasks)
    .set({ status, finishedAt: null })
    .where(eq(upgradeTasks.id, side.task.id));
}

/**
 * Every export, called on installer A's objects by a user of installer A whose one role holds only `code`
 * (the export's own button code), then `code` and `list` (the list's code): an export is its list, so an
 * export code alone opens nothing (`alone` 403). An export without a code of its own names the list's as
 * `code`, and that alone suffices (`alone` 200).
 */
export const EXPORT_CODES: Record<string, { code: string; list: string; alone: Status }> = {
  'POST /iot/alarm/export': { code: PERM.faultAlarmExport, list: PERM.faultAlarm, alone: 403 },
  'POST /system/faultCode/export': { code: PERM.faultCodeExport, list: PERM.basicAlarm, alone: 403 },
  'POST /system/audit/export': { code: PERM.systemAudit, list: PERM.systemAudit, alone: 200 },
  'POST /iot/remote/audit/export': { code: PERM.remoteRead, list: PERM.remoteRead, alone: 200 },
  'POST /station/report/energy/export': { code: PERM.report, list: PERM.report, alone: 200 },
  'POST /station/report/fleet/export': { code: PERM.report, list: PERM.report, alone: 200 },
  'POST /station/report/alarm/export': { code: PERM.report, list: PERM.report, alone: 200 },
};

/**
 * The routes without an entry and the entries without a route. A HEAD route is covered by its own entry
 * or by the GET entry of the same URL (Fastify adds HEAD to every GET; it runs the same hooks).
 */
export function coverage(routeTable: readonly RouteEntry[], matrix: readonly MatrixEntry[] = MATRIX) {
  const entries = new Set(matrix.map((e) => e.route));
  const routes = new Set(routeTable.map((r) => `${r.method} ${r.url}`));
  const missing = [...routes].filter(
    (r) => !entries.has(r) && !(r.startsWith('HEAD ') && entries.has(`GET ${r.slice(5)}`)),
  );
  const stale = [...entries].filter((e) => !routes.has(e));
  const duplicated = matrix.map((e) => e.route).filter((r, i, all) => all.indexOf(r) !== i);
  return { missing: missing.sort(), stale: stale.sort(), duplicated };
}
