import { ReloadOutlined, SearchOutlined } from '@ant-design/icons';
import { Button, Form, type FormInstance, Space } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

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
