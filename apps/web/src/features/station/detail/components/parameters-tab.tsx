import { Empty, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';

/**
 * Inverter parameters (SPEC "Remote control tabs"). Reading and writing them needs remote control,
 * which arrives with its own work: until then each tab says so, without values or buttons.
 */
export function ParametersTab() {
  const { t } = useTranslation();
  const notYet = (testId: string, text: string) => (
    <Empty
      data-testid={testId}
      image={Empty.PRESENTED_IMAGE_SIMPLE}
      description={text}
      style={{ padding: '48px 0' }}
    />
  );
  return (
    <Tabs
      data-testid="tab-parameters"
      items={[
        {
          key: 'grid',
          label: t('plant:params.grid'),
          children: notYet('params-grid', t('plant:params.disabled')),
        },
        {
          key: 'general',
          label: t('plant:params.general'),
          children: notYet('params-general', t('plant:params.disabled')),
        },
        {
          key: 'active',
          label: t('plant:params.active'),
          children: notYet('params-active', t('plant:params.disabled')),
        },
        {
          key: 'soon',
          label: t('plant:params.soon'),
          children: notYet('params-soon', t('plant:params.soonText')),
        },
      ]}
    />
  );
}
