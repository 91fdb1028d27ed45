import { ALARM_LEVELS } from '@pvstar/contract/enum-values';
import { type FaultCodePageBody, FaultDeviceTypeSchema } from '@pvstar/contract/fault-code';
import { useTranslation } from 'react-i18next';
import { FilterBar, FilterChoice, FilterText } from '../../components/filter-bar.tsx';
import { deviceKindLabel } from '../../components/monitor-labels.ts';
import { alarmLevelLabel } from '../../entities/alarm/alarm-labels.ts';

/** The fault code library's filters. */
export function FaultCodeFilter({ onSearch }: { onSearch: (filter: FaultCodePageBody) => void }) {
  const { t } = useTranslation();
  return (
    <FilterBar<FaultCodePageBody> name="fault-code-filter" onSearch={onSearch}>
      <FilterText name="faultCode" label={t('faultCode:code')} width={160} testId="filter-code" />
      <FilterChoice
        name="deviceType"
        label={t('faultCode:deviceType')}
        width={160}
        values={FaultDeviceTypeSchema.options}
        labelOf={(value) => deviceKindLabel(t, value)}
        testId="filter-device-type"
      />
      <FilterChoice
        name="alarmLevel"
        label={t('faultCode:alarmLevel')}
        width={140}
        values={ALARM_LEVELS}
        labelOf={(value) => alarmLevelLabel(t, value)}
        testId="filter-level"
      />
      <FilterText name="keyword" label={t('faultCode:keyword')} width={200} testId="filter-keyword" />
    </FilterBar>
  );
}
