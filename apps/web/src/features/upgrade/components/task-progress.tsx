import type { UpgradeCounts } from '@pvstar/contract/firmware';
import { Flex, Progress, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { countsProgress } from '../upgrade-logic.ts';

/**
 * A task's progress: succeeded in green, failed and timed out in red, the rest still to come; the
 * counts underneath (the bar alone does not say how many).
 */
export function TaskProgress({
  counts,
  width = 200,
  testId,
}: {
  counts: UpgradeCounts;
  width?: number | string;
  testId?: string;
}) {
  const { t } = useTranslation();
  const p = countsProgress(counts);
  return (
    <Flex vertical style={{ width, minWidth: 140 }} data-testid={testId}>
      <Progress
        percent={p.donePercent}
        success={{ percent: p.successPercent }}
        strokeColor="var(--ant-color-error)"
        showInfo={false}
        size="small"
        aria-label={t('upgrade:task.progress')}
      />
      <Typography.Text type="secondary" style={{ fontSize: 12, whiteSpace: 'nowrap' }}>
        {t('upgrade:task.progressText', {
          succeeded: counts.succeeded,
          failed: p.failed,
          total: counts.total,
        })}
      </Typography.Text>
    </Flex>
  );
}
