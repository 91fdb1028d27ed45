import { STATUSES } from '@pvstar/contract/enum-values';
import type { UserPageBody } from '@pvstar/contract/user';
import { useTranslation } from 'react-i18next';
import { FilterBar, FilterChoice, FilterOrg, FilterText } from '../../../../components/filter-bar.tsx';
import { roleLabel, statusLabel } from '../../../../components/labels.ts';
import { useOrgTree } from '../../../../components/org-tree.ts';
import { useRoleOptions } from '../../../../entities/user/user-api.ts';

/** The users' filters. */
export function UserFilter({ onSearch }: { onSearch: (filter: UserPageBody) => void }) {
  const { t } = useTranslation();
  const tree = useOrgTree();
  const roleOptions = useRoleOptions();
  return (
    <FilterBar<UserPageBody> name="user-filter" onSearch={onSearch}>
      <FilterText name="username" label={t('common:field.username')} width={160} testId="filter-username" />
      <FilterText name="name" label={t('common:field.name')} width={160} />
      <FilterOrg label={t('common:field.orgId')} width={200} tree={tree.data} />
      <FilterChoice
        name="roleId"
        label={t('common:field.roleIds')}
        width={160}
        options={(roleOptions.data ?? []).map((r) => ({ value: r.id, label: roleLabel(t, r) }))}
        searchable
      />
      <FilterChoice
        name="status"
        label={t('common:field.status')}
        width={130}
        options={STATUSES.map((s) => ({ value: s, label: statusLabel(t, s) }))}
      />
    </FilterBar>
  );
}
