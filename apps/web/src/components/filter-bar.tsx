import { ReloadOutlined, SearchOutlined } from '@ant-design/icons';
import type { OrgTreeNode } from '@pvstar/contract/org';
import { Button, Form, type FormInstance, Input, Select, Space, TreeSelect } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { toOrgSelectData } from './org-tree.ts';

/** Drops empty strings and trims text so that optional filters are left out of the request. */
export function cleanFilter<T extends object>(values: T): Partial<T> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(values)) {
    const value = typeof v === 'string' ? v.trim() : v;
    if (value !== '' && value !== undefined && value !== null) out[k] = value;
  }
  return out as Partial<T>;
}

/**
 * The filter row above a list: fields given as children, then search and reset. Reset returns to
 * `initialValues` (a default period, say) and searches with them.
 */
export function FilterBar<T extends object>({
  name,
  onSearch,
  children,
  form: givenForm,
  initialValues,
  testIdPrefix = 'filter',
}: {
  /** Prefixes the field ids, so that they do not clash with a dialog's fields on the same page. */
  name: string;
  onSearch: (values: Partial<T>) => void;
  children: ReactNode;
  /** The page's own form instance, when it sets filter values itself (a click on a summary). */
  form?: FormInstance<T>;
  initialValues?: Partial<T>;
  /** The buttons' test ids: `<prefix>-search`, `<prefix>-reset`. */
  testIdPrefix?: string;
}) {
  const { t } = useTranslation();
  const [ownForm] = Form.useForm<T>();
  const form = givenForm ?? ownForm;
  return (
    <Form<T>
      form={form}
      name={name}
      layout="inline"
      className="pv-filter-bar"
      initialValues={initialValues}
      onFinish={(values) => onSearch(cleanFilter(values))}
      style={{ rowGap: 12 }}
    >
      {children}
      <Form.Item style={{ marginInlineEnd: 0 }}>
        <Space wrap>
          <Button
            type="primary"
            htmlType="submit"
            icon={<SearchOutlined />}
            data-testid={`${testIdPrefix}-search`}
          >
            {t('system:action.search')}
          </Button>
          <Button
            icon={<ReloadOutlined />}
            data-testid={`${testIdPrefix}-reset`}
            onClick={() => {
              form.resetFields();
              onSearch(initialValues ? cleanFilter(initialValues) : {});
            }}
          >
            {t('system:action.reset')}
          </Button>
        </Space>
      </Form.Item>
    </Form>
  );
}

/**
 * A filter by one of a list's values, "all" while empty: `values` with `labelOf` for an enum, or
 * `options` (`searchable` by their label, for long lists such as manufacturers or roles).
 */
export function FilterChoice<V extends string | number>({
  name,
  label,
  width,
  testId,
  ...choices
}: {
  name: string;
  label: string;
  width: number;
  testId?: string;
} & (
  | { values: readonly V[]; labelOf: (value: V) => string }
  | { options: { value: V; label: string }[]; searchable?: boolean; loading?: boolean }
)) {
  const { t } = useTranslation();
  const loaded = 'options' in choices;
  return (
    <Form.Item name={name} label={label}>
      <Select
        allowClear
        style={{ width }}
        placeholder={t('system:filter.all')}
        popupMatchSelectWidth={false}
        options={
          loaded ? choices.options : choices.values.map((value) => ({ value, label: choices.labelOf(value) }))
        }
        {...(loaded && choices.searchable ? { showSearch: { optionFilterProp: 'label' } } : {})}
        loading={loaded ? choices.loading : undefined}
        data-testid={testId}
      />
    </Form.Item>
  );
}

/** A filter by text a list's rows contain. */
export function FilterText({
  name,
  label,
  width,
  testId,
  maxLength,
  placeholder,
}: {
  name: string;
  label: string;
  width: number;
  testId?: string;
  maxLength?: number;
  placeholder?: string;
}) {
  return (
    <Form.Item name={name} label={label}>
      <Input
        allowClear
        maxLength={maxLength}
        style={{ width }}
        placeholder={placeholder}
        data-testid={testId}
      />
    </Form.Item>
  );
}

/** A filter by organisation (its subtree), "all" while empty: the caller's tree, searchable by name. */
export function FilterOrg({
  label,
  width,
  tree,
  name = 'orgId',
}: {
  label: string;
  width: number;
  tree: OrgTreeNode[] | undefined;
  name?: string;
}) {
  const { t } = useTranslation();
  return (
    <Form.Item name={name} label={label}>
      <TreeSelect
        allowClear
        style={{ width }}
        treeData={toOrgSelectData(tree ?? [])}
        showSearch={{ treeNodeFilterProp: 'title' }}
        treeDefaultExpandAll
        popupMatchSelectWidth={false}
        placeholder={t('system:filter.all')}
      />
    </Form.Item>
  );
}
