import type { OrgType } from '@pvstar/contract/enums';
import { useTranslation } from 'react-i18next';
import { orgTypeLabel } from './labels.ts';

/** The translated name of an organisation or role type (one wording everywhere: `labels.ts`). */
export function useOrgTypeLabel() {
  const { t } = useTranslation();
  return (type: OrgType | null | undefined) => (type ? orgTypeLabel(t, type) : '');
}
