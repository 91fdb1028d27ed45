import { Table, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';

/**
 * Alarm events of the plant. Alarms are recorded by the alarm engine, which comes with the alarm
 * work; until then the table shows its columns (SPEC §3 Alarm) and says there is nothing to show.
 */
export function AlarmsTab() {
  const { t } = useTranslation();
  const columns: TableColumnsType<Record<string, never>> = [
    { title: t('plant:alarm.alarmLevel'), key: 'alarmLevel' },
    { title: t('plant:alarm.faultCode'), key: 'faultCode' },
    { title: t('plant:alarm.deviceType'), key: 'deviceType' },
    { title: t('plant:alarm.alarmStartTime'), key: 'alarmStartTime' },
    { title: t('plant:alarm.alarmStatus'), key: 'alarmStatus' },
    { title: t('plant:alarm.alarmMsg'), key: 'alarmMsg' },
  ];
  return (
    <Table
      data-testid="tab-alarms"
      rowKey="id"
      columns={columns}
      dataSource={[]}
      pagination={false}
      scroll={{ x: 'max-content' }}
      locale={{ emptyText: t('common:noData') }}
    />
  );
}
