import { ReloadOutlined, SearchOutlined } from '@ant-design/icons';
import { Button, Form, Space } from 'antd';
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

/** The filter row above a list: fields given as children, then search and reset. */
export function FilterBar<T extends object>({
  name,
  onSearch,
  children,
}: {
  /** Prefixes the field ids, so that they do not clash with a dialog's fields on the same page. */
  name: string;
  onSearch: (values: Partial<T>) => void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<T>();
  return (
    <Form<T>
      form={form}
      name={name}
      layout="inline"
      onFinish={(values) => onSearch(cleanFilter(values))}
      style={{ rowGap: 12 }}
    >
      {children}
      <Form.Item style={{ marginInlineEnd: 0 }}>
        <Space wrap>
          <Button type="primary" htmlType="submit" icon={<SearchOutlined />} data-testid="filter-search">
            {t('system:action.search')}
          </Button>
          <Button
            icon={<ReloadOutlined />}
            onClick={() => {
              form.resetFields();
              onSearch({});
            }}
          >
            {t('system:action.reset')}
          </Button>
        </Space>
      </Form.Item>
    </Form>
  );
}
