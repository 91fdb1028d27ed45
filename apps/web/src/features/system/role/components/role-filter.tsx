import { ORG_TYPES, ROLE_STATUSES } from '@pvstar/contract/enum-values';
import type { RolePageBody } from '@pvstar/contract/role';
import { useTranslation } from 'react-i18next';
import { FilterBar, FilterChoice, FilterText } from '../../../../components/filter-bar.tsx';
import { orgTypeLabel, roleStatusLabel } from '../../../../components/labels.ts';

/** The roles' filters. */
export function RoleFilter({ onSearch }: { onSearch: (filter: RolePageBody) => void }) {
  const { t } = useTranslation();
  return (
    <FilterBar<RolePageBody> name="role-filter" onSearch={onSearch}>
      <FilterText name="roleName" label={t('common:field.roleName')} width={180} testId="filter-role-name" />
      <FilterChoice
        name="roleType"
        label={t('common:field.roleType')}
        width={170}
        values={ORG_TYPES}
        labelOf={(value) => orgTypeLabel(t, value)}
      />
      <FilterChoice
        name="status"
        label={t('common:field.status')}
        width={130}
        values={ROLE_STATUSES}
        labelOf={(value) => roleStatusLabel(t, value)}
      />
    </FilterBar>
  );
}
