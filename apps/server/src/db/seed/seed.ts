import type { DataScope, OrgType } from '@pvstar/contract/enums';
import { DEFAULT_ROLE_PERMS, flattenMenu, VIEW_PERM_CODES } from '@pvstar/contract/perm';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Config } from '../../config.ts';
import { generatePassword, hashPassword, md5 } from '../../lib/crypto.ts';
import type { Db, DbOrTx } from '../client.ts';
import { refreshWithdrawn } from '../menu-withdrawal.ts';
import {
  langAreas,
  menus,
  organizations,
  regions,
  roleMenus,
  roles,
  units,
  userRoles,
  users,
} from '../schema/index.ts';
import { seedBasicDevice } from './basic-devices.ts';
import { seedFaultCodes } from './fault-codes.ts';
import { LANG_AREAS } from './lang-areas.ts';
import { REGIONS } from './regions.ts';
import { UNITS } from './units.ts';

/** Built-in roles: one per organisation type, plus the read-only role of the demo login. */
const BUILTIN_ROLES: { code: string; name: string; type: OrgType; scope: DataScope; perms: string[] }[] = [
  {
    code: 'PROVIDER_ADMIN',
    name: 'Provider administrator',
    type: 'PROVIDER',
    scope: 'ALL',
    perms: DEFAULT_ROLE_PERMS.PROVIDER,
  },
  {
    code: 'DEALER_ADMIN',
    name: 'Dealer administrator',
    type: 'DEALER',
    scope: 'ORG_AND_SUB',
    perms: DEFAULT_ROLE_PERMS.DEALER,
  },
  {
    code: 'INSTALLER_ADMIN',
    name: 'Installer administrator',
    type: 'INSTALLER',
    scope: 'ORG_AND_SUB',
    perms: DEFAULT_ROLE_PERMS.INSTALLER,
  },
  { code: 'OWNER', name: 'House owner', type: 'OWNER', scope: 'SELF', perms: DEFAULT_ROLE_PERMS.OWNER },
  {
    code: 'GUEST',
    name: 'Guest (view only)',
    type: 'GUEST',
    scope: 'ORG_AND_SUB',
    perms: DEFAULT_ROLE_PERMS.GUEST,
  },
  {
    code: 'DEMO_VIEWER',
    name: 'Demo (read-only)',
    type: 'GUEST',
    scope: 'ORG_AND_SUB',
    perms: DEFAULT_ROLE_PERMS.DEALER.filter((c) => VIEW_PERM_CODES.includes(c)),
  },
];

export interface SeedResult {
  accounts: { username: string; password: string | null; note: string }[];
}

/** Menus from the contract's table: missing ones are added (and granted to the built-in roles that have them by default). */
async function syncMenus(db: Db): Promise<string[]> {
  const existing = await db.select({ id: menus.id, permCode: menus.permCode }).from(menus);
  const idByCode = new Map(existing.map((m) => [m.permCode, m.id]));
  const added: string[] = [];
  let sort = 0;
  for (const node of flattenMenu()) {
    sort += 10;
    const values = {
      type: node.type,
      name: node.title,
      keyword: node.title,
      routePath: node.path ?? null,
      pagePath: node.page ?? null,
      icon: node.icon ?? null,
      visible: !node.hidden,
      parentId: node.parentCode ? (idByCode.get(node.parentCode) ?? null) : null,
    };
    const id = idByCode.get(node.code);
    if (id === undefined) {
      const [row] = await db
        .insert(menus)
        .values({ ...values, permCode: node.code, sort, builtin: true })
        .returning({ id: menus.id });
      idByCode.set(node.code, row!.id);
      added.push(node.code);
    } else {
      await db
        .update(menus)
        .set({
          type: values.type,
          routePath: values.routePath,
          pagePath: values.pagePath,
          parentId: values.parentId,
        })
        .where(and(eq(menus.id, id), eq(menus.builtin, true)));
    }
  }
  await refreshWithdrawn(db);
  return added;
}

async function ensureRoot(db: Db, title: string): Promise<number> {
  const [root] = await db
    .select()
    .from(organizations)
    .where(eq(organizations.type, 'PROVIDER'))
    .orderBy(organizations.id)
    .limit(1);
  if (root) return root.id;
  return createOrg(db, { name: title, type: 'PROVIDER', parentId: null });
}

export async function createOrg(
  db: DbOrTx,
  org: { name: string; type: OrgType; parentId: number | null; description?: string; address?: string },
): Promise<number> {
  const parent = org.parentId
    ? (
        await db
          .select({ path: organizations.path })
          .from(organizations)
          .where(eq(organizations.id, org.parentId))
      )[0]
    : undefined;
  const [row] = await db
    .insert(organizations)
    .values({ ...org, path: '' })
    .returning({ id: organizations.id });
  const id = row!.id;
  await db
    .update(organizations)
    .set({ path: `${parent?.path ?? '/'}${id}/` })
    .where(eq(organizations.id, id));
  return id;
}

async function ensureBuiltinRoles(db: Db, rootId: number, addedCodes: string[]) {
  const menuRows = await db.select({ id: menus.id, permCode: menus.permCode }).from(menus);
  const menuId = new Map(menuRows.map((m) => [m.permCode, m.id]));
  for (const def of BUILTIN_ROLES) {
    let [role] = await db.select({ id: roles.id }).from(roles).where(eq(roles.roleCode, def.code));
    let grant = def.perms.filter((c) => addedCodes.includes(c));
    if (!role) {
      [role] = await db
        .insert(roles)
        .values({
          orgId: rootId,
          roleName: def.name,
          roleCode: def.code,
          roleType: def.type,
          dataScope: def.scope,
          builtin: true,
        })
        .returning({ id: roles.id });
      grant = def.perms;
    }
    const ids = grant.map((c) => menuId.get(c)).filter((id): id is number => id !== undefined);
    if (ids.length)
      await db
        .insert(roleMenus)
        .values(ids.map((id) => ({ roleId: role!.id, menuId: id })))
        .onConflictDoNothing();
  }
}

async function roleId(db: Db, code: string) {
  const [role] = await db.select({ id: roles.id }).from(roles).where(eq(roles.roleCode, code));
  return role!.id;
}

export async function createUser(
  db: Db,
  user: {
    orgId: number;
    username: string;
    nickname: string;
    password: string;
    email?: string;
    phone?: string;
    readOnly?: boolean;
  },
  roleCodes: string[],
) {
  const [row] = await db
    .insert(users)
    .values({
      orgId: user.orgId,
      username: user.username,
      nickname: user.nickname,
      email: user.email ?? null,
      phone: user.phone ?? null,
      readOnly: user.readOnly ?? false,
      passwordHash: await hashPassword(md5(user.password)),
      // The platform's own accounts (the administrator, the demo tree) are set up by the operator, who agreed.
      consentedAt: new Date(),
    })
    .returning({ id: users.id });
  for (const code of roleCodes)
    await db.insert(userRoles).values({ userId: row!.id, roleId: await roleId(db, code) });
  return row!.id;
}

async function seedReference(db: Db) {
  const [{ n }] = (await db.select({ n: sql<number>`count(*)::int` }).from(langAreas)) as [{ n: number }];
  if (n > 0) return;
  await db.insert(langAreas).values(LANG_AREAS);
  await db.insert(regions).values(REGIONS.map((r, i) => ({ ...r, sort: i })));
  await db.insert(units).values(UNITS.map((u, i) => ({ ...u, sort: i })));
}

/** The demo tree (demo mode only): dealer → installers A and B → an owner under A, a guest and the demo login. */
async function seedDemo(db: Db, rootId: number, password: string): Promise<SeedResult['accounts']> {
  const [exists] = await db
    .select({ id: users.id })
    .from(users)
    .where(inArray(users.username, ['demo-dealer']));
  const accounts = [
    { username: 'demo-dealer', password, note: 'dealer, sees installers A and B' },
    { username: 'demo-installer-a', password, note: 'installer A' },
    { username: 'demo-installer-b', password, note: 'installer B' },
    { username: 'demo-owner', password, note: 'house owner under installer A' },
    { username: 'demo-guest', password, note: 'guest, view only (installer A)' },
    { username: 'demo', password: null, note: '"Demo account" button: read-only view of the dealer' },
  ];
  if (exists) return accounts;
  const dealer = await createOrg(db, {
    name: 'Sonnenhandel GmbH',
    type: 'DEALER',
    parentId: rootId,
    description: 'Demo dealer',
    address: 'Hauptstraße 1, 80331 München',
  });
  const installerA = await createOrg(db, {
    name: 'Solartechnik Alpha',
    type: 'INSTALLER',
    parentId: dealer,
    address: 'Augsburg',
  });
  const installerB = await createOrg(db, {
    name: 'Energie Bravo',
    type: 'INSTALLER',
    parentId: dealer,
    address: 'Regensburg',
  });
  const owner = await createOrg(db, { name: 'Familie Weber', type: 'OWNER', parentId: installerA });
  await createUser(
    db,
    {
      orgId: dealer,
      username: 'demo-dealer',
      nickname: 'Demo Dealer',
      password,
      email: 'dealer@demo.pvstar.local',
    },
    ['DEALER_ADMIN'],
  );
  await createUser(
    db,
    {
      orgId: installerA,
      username: 'demo-installer-a',
      nickname: 'Installer A',
      password,
      email: 'installer-a@demo.pvstar.local',
      phone: '+4915112345001',
    },
    ['INSTALLER_ADMIN'],
  );
  await createUser(
    db,
    {
      orgId: installerB,
      username: 'demo-installer-b',
      nickname: 'Installer B',
      password,
      email: 'installer-b@demo.pvstar.local',
      phone: '+4915112345002',
    },
    ['INSTALLER_ADMIN'],
  );
  await createUser(
    db,
    {
      orgId: owner,
      username: 'demo-owner',
      nickname: 'Anna Weber',
      password,
      email: 'owner@demo.pvstar.local',
    },
    ['OWNER'],
  );
  await createUser(
    db,
    {
      orgId: installerA,
      username: 'demo-guest',
      nickname: 'Guest',
      password,
      email: 'guest@demo.pvstar.local',
    },
    ['GUEST'],
  );
  await createUser(
    db,
    { orgId: dealer, username: 'demo', nickname: 'Demo', password: generatePassword(), readOnly: true },
    ['DEMO_VIEWER'],
  );
  return accounts;
}

/** Idempotent: safe on every start. Creates what is missing, never overwrites what users changed. */
export async function seed(
  db: Db,
  config: Pick<Config, 'APP_TITLE' | 'ADMIN_PASSWORD' | 'DEMO_PASSWORD' | 'demo'>,
): Promise<SeedResult> {
  const added = await syncMenus(db);
  const rootId = await ensureRoot(db, config.APP_TITLE);
  await ensureBuiltinRoles(db, rootId, added);
  await seedReference(db);
  await seedBasicDevice(db);
  await seedFaultCodes(db);
  const accounts: SeedResult['accounts'] = [];
  const [admin] = await db.select({ id: users.id }).from(users).where(eq(users.username, 'admin'));
  if (!admin) {
    const password = config.ADMIN_PASSWORD ?? generatePassword();
    await createUser(db, { orgId: rootId, username: 'admin', nickname: 'Administrator', password }, [
      'PROVIDER_ADMIN',
    ]);
    accounts.push({
      username: 'admin',
      password,
      note: config.ADMIN_PASSWORD ? 'from ADMIN_PASSWORD' : 'generated — shown only this once',
    });
  } else {
    accounts.push({ username: 'admin', password: null, note: 'password set at first start' });
  }
  if (config.demo) accounts.push(...(await seedDemo(db, rootId, config.DEMO_PASSWORD)));
  return { accounts };
}
