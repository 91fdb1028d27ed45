import { Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { ManufacturerTab } from './manufacturer-tab.tsx';
import { SpecTab } from './spec-tab.tsx';

/** Basic data → device data (2006001): manufacturers and device specifications, one tab each. */
export default function BasicDevicePage() {
  const { t } = useTranslation();
  return (
    <Tabs
      destroyOnHidden
      items={[
        { key: 'manufacturers', label: t('basic:tab.manufacturers'), children: <ManufacturerTab /> },
        { key: 'specs', label: t('basic:tab.specs'), children: <SpecTab /> },
      ]}
    />
  );
}
