import type { AlarmPageBody, AlarmStatus } from '@pvstar/contract/alarm';
import { Flex, Segmented } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type DateRange, DateRangeField } from '../../../../components/date-range.tsx';
import { alarmStatusLabel } from '../../../../entities/alarm/alarm-labels.ts';
import { defaultAlarmRange, periodBody } from '../../../../entities/alarm/alarm-period.ts';
import { AlarmTable } from '../../../../entities/alarm/alarm-table.tsx';

type StatusChoice = AlarmStatus | 'ALL';

/** The plant's alarm events: live (read every 15 s), by status and period, with the detail drawer. */
export function AlarmsTab({ plantId }: { plantId: number }) {
  const { t } = useTranslation();
  const [status, setStatus] = useState<StatusChoice>('ALL');
  const [range, setRange] = useState<DateRange>(defaultAlarmRange);
  const filter: AlarmPageBody = {
    stationId: plantId,
    ...(status === 'ALL' ? {} : { alarmStatus: status }),
    ...periodBody(range),
  };
  return (
    <Flex vertical gap={12} data-testid="tab-alarms">
      <Flex gap={12} wrap align="center">
        <Segmented<StatusChoice>
          value={status}
          onChange={setStatus}
          data-testid="alarm-tab-status"
          options={[
            { value: 'ALL', label: t('system:filter.all') },
            { value: 'ONGOING', label: alarmStatusLabel(t, 'ONGOING') },
            { value: 'ENDED', label: alarmStatusLabel(t, 'ENDED') },
          ]}
        />
        <DateRangeField value={range} onChange={setRange} testId="alarm-tab-range" />
      </Flex>
      <AlarmTable filter={filter} showPlant={false} testId="plant-alarm-table" />
    </Flex>
  );
}
