import { PERM } from '@pvstar/contract/perm';
import type { StationDetail } from '@pvstar/contract/station';
import { Empty, Flex, Select } from 'antd';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RemoteAudit } from '../../../../entities/remote/remote-audit.tsx';
import { RemoteParameters } from '../../../../entities/remote/remote-parameters.tsx';
import { usePerm } from '../../../../permissions/perm.tsx';

/**
 * Inverter parameters (requirements §R8.1): one of the plant's inverters at a time (the first
 * preselected), read and, with the right, written; below, the change log of the whole plant.
 */
export function ParametersTab({ plant }: { plant: StationDetail }) {
  const { t } = useTranslation();
  const mayRead = usePerm([PERM.remoteRead]);
  const inverters = plant.dongles
    .flatMap((d) => d.devices.filter((x) => x.kind === 'INVERTER'))
    .sort((a, b) => a.sn.localeCompare(b.sn));
  const [picked, setPicked] = useState<number | null>(null);
  const deviceId = inverters.find((i) => i.id === picked)?.id ?? inverters[0]?.id;
  const pickerId = useId();

  const empty = (text: string) => (
    <Empty
      data-testid="tab-parameters"
      image={Empty.PRESENTED_IMAGE_SIMPLE}
      description={text}
      style={{ padding: '48px 0' }}
    />
  );
  if (!mayRead) return empty(t('remote:noPermission'));
  if (deviceId === undefined) return empty(t('remote:noInverter'));

  return (
    <Flex vertical gap={16} data-testid="tab-parameters" style={{ minWidth: 0 }}>
      <Flex align="center" gap={8} wrap>
        <label htmlFor={pickerId}>{t('remote:inverter')}</label>
        <Select
          id={pickerId}
          value={deviceId}
          onChange={setPicked}
          style={{ minWidth: 260 }}
          popupMatchSelectWidth={false}
          options={inverters.map((i) => ({
            value: i.id,
            label: [i.sn, [i.manufacturer, i.model].filter(Boolean).join(' ')].filter(Boolean).join(' · '),
          }))}
          data-testid="remote-device-select"
        />
      </Flex>
      <RemoteParameters key={deviceId} deviceId={deviceId} timeZone={plant.timezone} audit={false} />
      <RemoteAudit
        title={t('remote:audit.plantTitle')}
        scope={{ plantId: plant.id }}
        timeZone={plant.timezone}
      />
    </Flex>
  );
}
