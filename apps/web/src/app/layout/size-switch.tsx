import { ColumnHeightOutlined } from '@ant-design/icons';
import { Button, Dropdown } from 'antd';
import { useTranslation } from 'react-i18next';
import { type Size, useSettings } from '../../stores/settings.ts';

/** The component size of the whole interface, persisted. */
export function SizeSwitch() {
  const { t } = useTranslation();
  const size = useSettings((s) => s.size);
  const labels: Record<Size, string> = {
    small: t('size.small'),
    middle: t('size.middle'),
    large: t('size.large'),
  };
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        selectable: true,
        selectedKeys: [size],
        items: (Object.keys(labels) as Size[]).map((key) => ({ key, label: labels[key] })),
        onClick: ({ key }) => useSettings.getState().setSize(key as Size),
      }}
    >
      <Button
        type="text"
        icon={<ColumnHeightOutlined />}
        aria-label={t('size.label')}
        title={t('size.label')}
      />
    </Dropdown>
  );
}
