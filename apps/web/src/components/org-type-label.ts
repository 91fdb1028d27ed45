import type { OrgType } from '@pvstar/contract/enums';
import { useTranslation } from 'react-i18next';

const ORG_TYPE_KEYS: Record<OrgType, string> = {
  PROVIDER: 'orgType.PROVIDER',
  DEALER: 'orgType.DEALER',
  INSTALLER: 'orgType.INSTALLER',
  OWNER: 'orgType.OWNER',
  GUEST: 'orgType.GUEST',
};

/** The translated name of an organisation or role type. */
export function useOrgTypeLabel() {
  const { t } = useTranslation();
  return (type: OrgType | null | undefined) => (type ? t(ORG_TYPE_KEYS[type]) : '');
}
