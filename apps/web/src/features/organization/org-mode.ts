import type { OrgType } from '@pvstar/contract/enums';
import { PERM } from '@pvstar/contract/perm';

/** The organisation page serves two menus: dealers (/organization/anergy/1) and installers (/organization/anergy/2). */
export interface OrgMode {
  type: Extract<OrgType, 'DEALER' | 'INSTALLER'>;
  perm: { add: string; edit: string; delete: string; status: string; employee: string };
}

export const ORG_MODES: Record<OrgMode['type'], OrgMode> = {
  DEALER: {
    type: 'DEALER',
    perm: {
      add: PERM.orgDealerAdd,
      edit: PERM.orgDealerEdit,
      delete: PERM.orgDealerDelete,
      status: PERM.orgDealerStatus,
      employee: PERM.orgDealerEmployee,
    },
  },
  INSTALLER: {
    type: 'INSTALLER',
    perm: {
      add: PERM.orgInstallerAdd,
      edit: PERM.orgInstallerEdit,
      delete: PERM.orgInstallerDelete,
      status: PERM.orgInstallerStatus,
      employee: PERM.orgInstallerEmployee,
    },
  },
};

/** The mode of a route: the `anergy/2` path (or a `:type` param of 2) is the installers page. */
export const modeOf = (pathname: string, param?: string): OrgMode =>
  param === '2' || /\/anergy\/2(\/|$)/.test(pathname) ? ORG_MODES.INSTALLER : ORG_MODES.DEALER;
