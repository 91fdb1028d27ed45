import type { DeviceType } from '@pvstar/contract/device';
import { Empty, Skeleton, Timeline, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatEnergy } from '../../../components/energy-format.ts';
import { formatDateTime } from '../../../components/format.ts';
import { useDeviceReplacements } from '../api/device-api.ts';
import { reasonLabel } from './device-replace-modal.tsx';

/** The history of a device position: which serial replaced which, when, why and by whom, newest first. */
export function DeviceReplacements({ deviceType, id }: { deviceType: DeviceType; id: number }) {
  const { t } = useTranslation();
  const list = useDeviceReplacements(deviceType, id);
  if (list.isLoading) return <Skeleton active paragraph={{ rows: 1 }} />;
  const rows = list.data ?? [];
  if (!rows.length)
    return (
      <Empty
        image={Empty.PRESENTED_IMAGE_SIMPLE}
        description={t('device:replace.never')}
        data-testid="replacements-empty"
      />
    );
  return (
    <Timeline
      data-testid="replacements"
      items={rows.map((r) => ({
        key: r.id,
        content: (
          <div data-testid="replacement">
            <Typography.Text strong>{formatDateTime(r.replacedAt, { zone: true })}</Typography.Text>
            <div style={{ fontFamily: 'monospace', wordBreak: 'break-all' }}>
              <Typography.Text delete type="secondary">
                {r.oldSn}
              </Typography.Text>
              {' → '}
              <Typography.Text>{r.newSn}</Typography.Text>
            </div>
            <Typography.Text type="secondary">
              {[
                reasonLabel(t, r.reason),
                r.username ? t('device:replace.byUser', { name: r.username }) : null,
                r.finalGeneration !== null
                  ? t('device:replace.finalGeneration', { value: formatEnergy(r.finalGeneration) })
                  : null,
              ]
                .filter(Boolean)
                .join(' · ')}
            </Typography.Text>
            {r.note && <Typography.Paragraph style={{ margin: 0 }}>{r.note}</Typography.Paragraph>}
          </div>
        ),
      }))}
    />
  );
}
