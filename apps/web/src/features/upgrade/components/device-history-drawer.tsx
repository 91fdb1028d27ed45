import type { UpgradeDeviceRow } from '@pvstar/contract/firmware';
import { Alert, Drawer, Empty, Flex, Grid, Progress, Skeleton, Timeline, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../components/format.ts';
import { useDeviceHistory } from '../api/task-api.ts';
import { DEVICE_STATUS_COLOR, DeviceUpgradeTag } from '../upgrade-labels.tsx';

const TIMELINE_COLOR: Record<string, string> = {
  success: 'green',
  error: 'red',
  orange: 'red',
  processing: 'blue',
  cyan: 'blue',
  default: 'gray',
};

/** The steps one device of a task went through, newest first as the server gives them. */
export function DeviceHistoryDrawer({
  device,
  live,
  onClose,
}: {
  device: UpgradeDeviceRow | null;
  live: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const screens = Grid.useBreakpoint();
  const history = useDeviceHistory(device?.id ?? null, live);
  const rows = history.data ?? [];

  return (
    <Drawer
      open={device !== null}
      onClose={onClose}
      size={screens.md ? 480 : '100%'}
      destroyOnHidden
      title={device ? t('upgrade:history.title', { sn: device.sn }) : t('upgrade:history.titlePlain')}
      data-testid="task-history"
    >
      {device && (
        <Flex vertical gap={4} style={{ marginBottom: 16 }}>
          <Typography.Text type="secondary">
            {device.fromVersion ?? '—'} → {device.toVersion}
          </Typography.Text>
          <Typography.Text type="secondary">
            {t('upgrade:device.attemptsN', { n: device.attempts })}
          </Typography.Text>
        </Flex>
      )}
      {history.isLoading && <Skeleton active />}
      {history.isError && <Alert type="error" showIcon title={history.error.message} />}
      {history.isSuccess && rows.length === 0 && (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('upgrade:history.empty')} />
      )}
      {rows.length > 0 && (
        <Timeline
          items={rows.map((row, i) => ({
            key: `${row.at}-${i}`,
            color: TIMELINE_COLOR[DEVICE_STATUS_COLOR[row.status]] ?? 'gray',
            title: <span style={{ whiteSpace: 'nowrap' }}>{formatDateTime(row.at, { seconds: true })}</span>,
            content: (
              <Flex vertical gap={2} align="flex-start" data-testid="task-history-item">
                <DeviceUpgradeTag status={row.status} />
                {row.progress !== null && row.status === 'DOWNLOADING' && (
                  <Progress percent={row.progress} size="small" style={{ maxWidth: 240 }} />
                )}
                {row.detail && (
                  <Typography.Text type="secondary" style={{ overflowWrap: 'anywhere' }}>
                    {row.detail}
                  </Typography.Text>
                )}
              </Flex>
            ),
          }))}
        />
      )}
    </Drawer>
  );
}
