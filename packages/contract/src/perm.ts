import type { MenuType, OrgType } from './enums.ts';

/**
 * The one table of routes, menus, titles and permission codes. The server seeds its menu rows from it,
 * routes declare these codes, and the web builds its sidebar and routes from it. Codes follow the
 * spec's numbering: 4 digits for a catalog, 7 for a page, 10 for a button or sub-page.
 */
export interface MenuNode {
  code: string;
  type: MenuType;
  /** i18n key in the `menu` namespace; also the seeded menu name. */
  title: string;
  /** Hash route (absolute) for catalogs and pages; buttons have none. */
  path?: string;
  /** Key of the page component on the web (apps/web/src/app/pages.ts). */
  page?: string;
  icon?: string;
  /** Pages reached from another page (add, detail), not listed in the sidebar. */
  hidden?: boolean;
  /** A page that only changes data (an add form): not among the codes of view-only roles. */
  changesData?: boolean;
  /** Shows other people's personal data (sign-ins, addresses): never given to view-only roles. */
  personal?: boolean;
  /** A catalog without its own page goes to this child path. */
  redirect?: string;
  /** A page may be served by several codes (dongles share the inverter page's code, detail and info too). */
  alsoPaths?: { path: string; page: string; title: string }[];
  children?: MenuNode[];
}

const button = (code: string, title: string): MenuNode => ({ code, type: 'BUTTON', title });

export const MENU_TREE: MenuNode[] = [
  {
    code: '2001',
    type: 'CATALOG',
    title: 'station',
    path: '/station',
    icon: 'station',
    redirect: '/station/monitor',
    children: [
      {
        code: '2001001',
        type: 'MENU',
        title: 'stationMonitor',
        path: '/station/monitor',
        page: 'station/monitor',
        children: [
          {
            code: '2001001002',
            type: 'MENU',
            title: 'stationAdd',
            path: '/station/monitor/add',
            page: 'station/add',
            hidden: true,
            changesData: true,
          },
          {
            code: '2001001003',
            type: 'MENU',
            title: 'stationDetail',
            path: '/station/monitor/detail',
            page: 'station/detail',
            hidden: true,
            alsoPaths: [{ path: '/station/monitor/info', page: 'station/info', title: 'stationInfo' }],
          },
          button('2001001004', 'edit'),
          button('2001001005', 'delete'),
          button('2001001006', 'remoteRead'),
          button('2001001007', 'remoteWrite'),
        ],
      },
    ],
  },
  {
    code: '2004',
    type: 'CATALOG',
    title: 'fault',
    path: '/fault',
    icon: 'alarm',
    redirect: '/fault/alarm',
    children: [
      {
        code: '2004001',
        type: 'MENU',
        title: 'faultAlarm',
        path: '/fault/alarm',
        page: 'fault/alarm',
        children: [
          button('2004001001', 'acknowledge'),
          button('2004001002', 'close'),
          button('2004001003', 'export'),
        ],
      },
    ],
  },
  {
    code: '2002',
    type: 'CATALOG',
    title: 'deviceCenter',
    path: '/device-center',
    icon: 'device',
    redirect: '/device-center/inverter',
    children: [
      {
        code: '2002001',
        type: 'MENU',
        title: 'deviceInverter',
        path: '/device-center/inverter',
        page: 'device-center/inverter',
        alsoPaths: [{ path: '/device-center/dongle', page: 'device-center/dongle', title: 'deviceDongle' }],
      },
      {
        code: '2002002',
        type: 'MENU',
        title: 'deviceBattery',
        path: '/device-center/battery',
        page: 'device-center/battery',
      },
    ],
  },
  {
    code: '2009',
    type: 'CATALOG',
    title: 'upgrade',
    path: '/upgrade',
    icon: 'upgrade',
    redirect: '/upgrade/inverter',
    children: [
      {
        code: '2009001',
        type: 'MENU',
        title: 'upgradeInverter',
        path: '/upgrade/inverter',
        page: 'upgrade/inverter',
        children: [
          {
            code: '2009001001',
            type: 'MENU',
            title: 'upgradeAdd',
            path: '/upgrade/add-upgrade',
            page: 'upgrade/add',
            hidden: true,
            changesData: true,
          },
          {
            code: '2009001002',
            type: 'MENU',
            title: 'upgradeDetail',
            path: '/upgrade/upgrade-detail',
            page: 'upgrade/detail',
            hidden: true,
          },
          button('2009001003', 'taskControl'),
        ],
      },
      {
        code: '2009002',
        type: 'MENU',
        title: 'upgradeProgram',
        path: '/upgrade/program',
        page: 'upgrade/program',
        children: [
          button('2009002001', 'add'),
          button('2009002002', 'edit'),
          button('2009002003', 'delete'),
          button('2009002004', 'status'),
        ],
      },
    ],
  },
  {
    code: '2003',
    type: 'CATALOG',
    title: 'owner',
    path: '/ower',
    icon: 'owner',
    redirect: '/ower/list',
    children: [
      {
        code: '2003001',
        type: 'MENU',
        title: 'ownerList',
        path: '/ower/list',
        page: 'owner/list',
        children: [button('2003001001', 'revealContact')],
      },
    ],
  },
  {
    code: '2006',
    type: 'CATALOG',
    title: 'basic',
    path: '/basic',
    icon: 'basic',
    redirect: '/basic/device',
    children: [
      {
        code: '2006001',
        type: 'MENU',
        title: 'basicDevice',
        path: '/basic/device',
        page: 'basic/device',
        children: [button('2006001001', 'add'), button('2006001002', 'edit'), button('2006001003', 'delete')],
      },
      {
        code: '2006002',
        type: 'MENU',
        title: 'basicAlarm',
        path: '/basic/alarm',
        page: 'basic/alarm',
        children: [
          button('2006002001', 'add'),
          button('2006002002', 'edit'),
          button('2006002003', 'delete'),
          button('2006002004', 'import'),
          button('2006002005', 'export'),
        ],
      },
    ],
  },
  {
    code: '2005',
    type: 'CATALOG',
    title: 'organization',
    path: '/organization',
    icon: 'organization',
    redirect: '/organization/anergy/1',
    children: [
      {
        code: '2005001',
        type: 'MENU',
        title: 'orgDealer',
        path: '/organization/anergy/1',
        page: 'organization',
        children: [
          button('2005001001', 'add'),
          button('2005001002', 'edit'),
          button('2005001003', 'delete'),
          button('2005001004', 'status'),
          button('2005001005', 'employee'),
        ],
      },
      {
        code: '2005002',
        type: 'MENU',
        title: 'orgInstaller',
        path: '/organization/anergy/2',
        page: 'organization',
        children: [
          button('2005002001', 'add'),
          button('2005002002', 'edit'),
          button('2005002003', 'delete'),
          button('2005002004', 'status'),
          button('2005002005', 'employee'),
        ],
      },
    ],
  },
  {
    code: '2007',
    type: 'CATALOG',
    title: 'system',
    path: '/system',
    icon: 'system',
    redirect: '/system/user',
    children: [
      {
        code: '2007001',
        type: 'MENU',
        title: 'systemUser',
        path: '/system/user',
        page: 'system/user',
        children: [
          button('2007001001', 'add'),
          button('2007001002', 'edit'),
          button('2007001003', 'delete'),
          button('2007001004', 'resetPassword'),
          button('2007001005', 'status'),
          button('2007001006', 'revealContact'),
        ],
      },
      {
        code: '2007002',
        type: 'MENU',
        title: 'systemRole',
        path: '/system/role',
        page: 'system/role',
        children: [
          button('2007002001', 'add'),
          button('2007002002', 'edit'),
          button('2007002003', 'delete'),
          button('2007002004', 'status'),
        ],
      },
      {
        code: '2007003',
        type: 'MENU',
        title: 'systemMenu',
        path: '/system/menu',
        page: 'system/menu',
        children: [button('2007003001', 'add'), button('2007003002', 'edit'), button('2007003003', 'delete')],
      },
      {
        code: '2007004',
        type: 'MENU',
        title: 'systemAudit',
        path: '/system/audit',
        page: 'system/audit',
        personal: true,
      },
      {
        // Endpoint addresses may carry an integration's credentials: not for view-only roles.
        code: '2007005',
        type: 'MENU',
        title: 'systemWebhook',
        path: '/system/webhook',
        page: 'system/webhook',
        personal: true,
        children: [button('2007005001', 'add'), button('2007005002', 'edit'), button('2007005003', 'delete')],
      },
    ],
  },
  { code: '2008', type: 'CATALOG', title: 'report', path: '/report', icon: 'report', page: 'report' },
];

/** Named codes, so that server routes and web buttons never spell a number. */
export const PERM = {
  station: '2001',
  stationMonitor: '2001001',
  stationAdd: '2001001002',
  stationDetail: '2001001003',
  stationEdit: '2001001004',
  stationDelete: '2001001005',
  remoteRead: '2001001006',
  remoteWrite: '2001001007',
  fault: '2004',
  faultAlarm: '2004001',
  faultAlarmAck: '2004001001',
  faultAlarmClose: '2004001002',
  faultAlarmExport: '2004001003',
  deviceCenter: '2002',
  deviceInverter: '2002001',
  deviceBattery: '2002002',
  upgrade: '2009',
  upgradeInverter: '2009001',
  upgradeAdd: '2009001001',
  upgradeDetail: '2009001002',
  upgradeTaskControl: '2009001003',
  upgradeProgram: '2009002',
  programAdd: '2009002001',
  programEdit: '2009002002',
  programDelete: '2009002003',
  programStatus: '2009002004',
  owner: '2003',
  ownerList: '2003001',
  ownerRevealContact: '2003001001',
  basic: '2006',
  basicDevice: '2006001',
  basicDeviceAdd: '2006001001',
  basicDeviceEdit: '2006001002',
  basicDeviceDelete: '2006001003',
  basicAlarm: '2006002',
  faultCodeAdd: '2006002001',
  faultCodeEdit: '2006002002',
  faultCodeDelete: '2006002003',
  faultCodeImport: '2006002004',
  faultCodeExport: '2006002005',
  organization: '2005',
  orgDealer: '2005001',
  orgDealerAdd: '2005001001',
  orgDealerEdit: '2005001002',
  orgDealerDelete: '2005001003',
  orgDealerStatus: '2005001004',
  orgDealerEmployee: '2005001005',
  orgInstaller: '2005002',
  orgInstallerAdd: '2005002001',
  orgInstallerEdit: '2005002002',
  orgInstallerDelete: '2005002003',
  orgInstallerStatus: '2005002004',
  orgInstallerEmployee: '2005002005',
  system: '2007',
  systemUser: '2007001',
  userAdd: '2007001001',
  userEdit: '2007001002',
  userDelete: '2007001003',
  userResetPassword: '2007001004',
  userStatus: '2007001005',
  userRevealContact: '2007001006',
  systemRole: '2007002',
  roleAdd: '2007002001',
  roleEdit: '2007002002',
  roleDelete: '2007002003',
  roleStatus: '2007002004',
  systemMenu: '2007003',
  menuAdd: '2007003001',
  menuEdit: '2007003002',
  menuDelete: '2007003003',
  systemAudit: '2007004',
  systemWebhook: '2007005',
  webhookAdd: '2007005001',
  webhookEdit: '2007005002',
  webhookDelete: '2007005003',
  report: '2008',
} as const;
export type PermCode = (typeof PERM)[keyof typeof PERM];

export function flattenMenu(nodes: MenuNode[] = MENU_TREE, parent: string | null = null) {
  const out: (MenuNode & { parentCode: string | null })[] = [];
  for (const node of nodes) {
    out.push({ ...node, parentCode: parent });
    if (node.children) out.push(...flattenMenu(node.children, node.code));
  }
  return out;
}

export const ALL_PERM_CODES: string[] = flattenMenu().map((n) => n.code);

/**
 * Built-in pages that are never in the sidebar (add, detail): the seed stores them hidden, meaning "reached
 * from their page", not "off"; they follow their page, and hiding one is not offered.
 */
export const SUB_PAGE_CODES: ReadonlySet<string> = new Set(
  flattenMenu()
    .filter((n) => n.hidden)
    .map((n) => n.code),
);

/** Codes that only look (catalogs and pages) — what read-only accounts are given. */
export const VIEW_PERM_CODES: string[] = flattenMenu()
  .filter((n) => n.type !== 'BUTTON' && !n.changesData && !n.personal)
  .map((n) => n.code);

/** What each default role is given; the seed creates one role per organisation type from this. */
const isUnder = (code: string, prefixes: string[]) => prefixes.some((p) => code.startsWith(p));
export const DEFAULT_ROLE_PERMS: Record<OrgType, string[]> = {
  PROVIDER: ALL_PERM_CODES,
  DEALER: ALL_PERM_CODES.filter((c) => !isUnder(c, ['2006', '2007003', '2005001'])),
  INSTALLER: ALL_PERM_CODES.filter((c) => !isUnder(c, ['2006', '2007002', '2007003', '2005', '2009'])),
  OWNER: VIEW_PERM_CODES.filter((c) => isUnder(c, ['2001', '2004', '2002', '2008'])),
  GUEST: VIEW_PERM_CODES.filter((c) => !isUnder(c, ['2006', '2007', '2005', '2009'])),
};
