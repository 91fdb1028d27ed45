import type { DataScope, MenuType, OrgType, RoleStatus, Status } from '@pvstar/contract/enums';
import type { TFunction } from 'i18next';

/**
 * Labels of the shared enumerations. Every key is spelled out so that the unused-key check can see it.
 */
export const statusLabel = (t: TFunction, status: Status): string =>
  ({
    NORMAL: t('system:status.normal'),
    FREEZE: t('system:status.freeze'),
    STOP: t('system:status.stop'),
  })[status];

export const STATUS_COLOR: Record<Status, string> = { NORMAL: 'success', FREEZE: 'warning', STOP: 'error' };

export const roleStatusLabel = (t: TFunction, status: RoleStatus): string =>
  status === 'ENABLED' ? t('system:roleStatus.enabled') : t('system:roleStatus.disabled');

export const orgTypeLabel = (t: TFunction, type: OrgType): string =>
  ({
    PROVIDER: t('system:orgType.provider'),
    DEALER: t('system:orgType.dealer'),
    INSTALLER: t('system:orgType.installer'),
    OWNER: t('system:orgType.owner'),
    GUEST: t('system:orgType.guest'),
  })[type];

export const ORG_TYPE_COLOR: Record<OrgType, string> = {
  PROVIDER: 'purple',
  DEALER: 'blue',
  INSTALLER: 'cyan',
  OWNER: 'green',
  GUEST: 'default',
};

export const dataScopeLabel = (t: TFunction, scope: DataScope): string =>
  ({
    ALL: t('system:dataScope.all'),
    ORG_AND_SUB: t('system:dataScope.orgAndSub'),
    ORG: t('system:dataScope.org'),
    SELF: t('system:dataScope.self'),
  })[scope];

export const menuTypeLabel = (t: TFunction, type: MenuType): string =>
  ({
    CATALOG: t('system:menuType.catalog'),
    MENU: t('system:menuType.menu'),
    BUTTON: t('system:menuType.button'),
  })[type];

export const MENU_TYPE_COLOR: Record<MenuType, string> = {
  CATALOG: 'geekblue',
  MENU: 'green',
  BUTTON: 'orange',
};

/**
 * A role's name as the reader reads it: a built-in role (made by the seed, one per organisation type) by its
 * code in the reader's language, a role someone made by the name they typed.
 */
export function roleLabel(
  t: TFunction,
  role: { roleName: string; roleCode?: string; builtin?: boolean },
): string {
  if (!role.builtin || !role.roleCode) return role.roleName;
  const names: Record<string, string> = {
    PROVIDER_ADMIN: t('system:builtinRole.PROVIDER_ADMIN'),
    DEALER_ADMIN: t('system:builtinRole.DEALER_ADMIN'),
    INSTALLER_ADMIN: t('system:builtinRole.INSTALLER_ADMIN'),
    OWNER: t('system:builtinRole.OWNER'),
    GUEST: t('system:builtinRole.GUEST'),
    DEMO_VIEWER: t('system:builtinRole.DEMO_VIEWER'),
  };
  return names[role.roleCode] ?? role.roleName;
}
