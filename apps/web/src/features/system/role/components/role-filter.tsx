import { ORG_TYPES, ROLE_STATUSES } from '@pvstar/contract/enum-values';
import type { RolePageBody } from '@pvstar/contract/role';
import { Form, Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { FilterBar } from '../../../../components/filter-bar.tsx';
import { orgTypeLabel, roleStatusLabel } from '../../../../components/labels.ts';

/** The roles' filters. */
export function RoleFilter({ onSearch }: { onSearch: (filter: RolePageBody) => void }) {
  const { t } = useTranslation();
  return (
    <FilterBar<RolePageBody> name="role-filter" onSearch={onSearch}>
      <Form.Item name="roleName" label={t('common:field.roleName')}>
        <Input allowClear style={{ width: 180 }} data-testid="filter-role-name" />
      </Form.Item>
      <Form.Item name="roleType" label={t('common:field.roleType')}>
        <Select
          allowClear
          style={{ width: 170 }}
          popupMatchSelectWidth={false}
          options={ORG_TYPES.map((o) => ({ value: o, label: orgTypeLabel(t, o) }))}
          placeholder={t('system:filter.all')}
        />
      </Form.Item>
      <Form.Item name="status" label={t('common:field.status')}>
        <Select
          allowClear
          style={{ width: 130 }}
          options={ROLE_STATUSES.map((s) => ({ value: s, label: roleStatusLabel(t, s) }))}
          placeholder={t('system:filter.all')}
        />
      </Form.Item>
    </FilterBar>
  );
}
