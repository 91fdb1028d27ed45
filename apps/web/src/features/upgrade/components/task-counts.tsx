import type { UpgradeCounts } from '@pvstar/contract/firmware';
import { Card, Col, Row, Statistic, Typography } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { TaskProgress } from './task-progress.tsx';

const COUNT_KEYS = [
  'total',
  'queued',
  'running',
  'succeeded',
  'failed',
  'timedOut',
  'cancelled',
] as const satisfies readonly (keyof UpgradeCounts)[];

const countLabel = (t: TFunction, key: keyof UpgradeCounts): string =>
  ({
    total: t('upgrade:counts.total'),
    queued: t('upgrade:counts.queued'),
    running: t('upgrade:counts.running'),
    succeeded: t('upgrade:counts.succeeded'),
    failed: t('upgrade:counts.failed'),
    timedOut: t('upgrade:counts.timedOut'),
    cancelled: t('upgrade:counts.cancelled'),
  })[key];

const COUNT_COLOR: Partial<Record<keyof UpgradeCounts, string>> = {
  running: 'var(--ant-color-primary)',
  succeeded: 'var(--ant-color-success)',
  failed: 'var(--ant-color-error)',
  timedOut: 'var(--ant-color-warning)',
};

/** How many of the task's devices are in each state, and the progress over all. */
export function TaskCounts({ counts }: { counts: UpgradeCounts }) {
  const { t } = useTranslation();
  return (
    <Card size="small">
      <Row gutter={[16, 16]}>
        {COUNT_KEYS.map((key) => (
          <Col key={key} flex="1 0 120px">
            <Statistic
              title={countLabel(t, key)}
              value={counts[key]}
              styles={{ content: { color: COUNT_COLOR[key] } }}
              formatter={(value) => <span data-testid={`task-count-${key}`}>{String(value)}</span>}
            />
          </Col>
        ))}
        <Col xs={24}>
          <Typography.Text type="secondary">{t('upgrade:task.progress')}</Typography.Text>
          <TaskProgress counts={counts} width="100%" testId="task-progress" />
        </Col>
      </Row>
    </Card>
  );
}
