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
