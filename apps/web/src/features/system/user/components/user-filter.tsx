import { STATUSES } from '@pvstar/contract/enum-values';
import type { UserPageBody } from '@pvstar/contract/user';
import { Form, Input, Select, TreeSelect } from 'antd';
import { useTranslation } from 'react-i18next';
import { FilterBar } from '../../../../components/filter-bar.tsx';
import { roleLabel, statusLabel } from '../../../../components/labels.ts';
import { toOrgSelectData, useOrgTree } from '../../../../components/org-tree.ts';
import { useRoleOptions } from '../../../../entities/user/user-api.ts';

/** The users' filters. */
export function UserFilter({ onSearch }: { onSearch: (filter: UserPageBody) => void }) {
  const { t } = useTranslation();
  const tree = useOrgTree();
  const roleOptions = useRoleOptions();
  return (
    <FilterBar<UserPageBody> name="user-filter" onSearch={onSearch}>
      <Form.Item name="username" label={t('common:field.username')}>
        <Input allowClear style={{ width: 160 }} data-testid="filter-username" />
      </Form.Item>
      <Form.Item name="name" label={t('common:field.name')}>
        <Input allowClear style={{ width: 160 }} />
      </Form.Item>
      <Form.Item name="orgId" label={t('common:field.orgId')}>
        <TreeSelect
          allowClear
          style={{ width: 200 }}
          treeData={toOrgSelectData(tree.data ?? [])}
          showSearch={{ treeNodeFilterProp: 'title' }}
          treeDefaultExpandAll
          popupMatchSelectWidth={false}
          placeholder={t('system:filter.all')}
        />
      </Form.Item>
      <Form.Item name="roleId" label={t('common:field.roleIds')}>
        <Select
          allowClear
          style={{ width: 160 }}
          showSearch={{ optionFilterProp: 'label' }}
          options={(roleOptions.data ?? []).map((r) => ({ value: r.id, label: roleLabel(t, r) }))}
          placeholder={t('system:filter.all')}
          popupMatchSelectWidth={false}
        />
      </Form.Item>
      <Form.Item name="status" label={t('common:field.status')}>
        <Select
          allowClear
          style={{ width: 130 }}
          options={STATUSES.map((s) => ({ value: s, label: statusLabel(t, s) }))}
          placeholder={t('system:filter.all')}
        />
      </Form.Item>
    </FilterBar>
  );
}
