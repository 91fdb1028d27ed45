import type { UpgradeTaskRow } from '@pvstar/contract/firmware';
import { Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

/** "First batch 20 %" and which stage runs, for a staged rollout; "All at once" otherwise. */
export function StageText({ task }: { task: Pick<UpgradeTaskRow, 'firstBatchPercent' | 'stage'> }) {
  const { t } = useTranslation();
  if (task.firstBatchPercent >= 100) return <span>{t('upgrade:task.allAtOnce')}</span>;
  return (
    <Flex vertical style={{ whiteSpace: 'nowrap' }}>
      <span>{t('upgrade:task.firstBatch', { percent: task.firstBatchPercent })}</span>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {task.stage >= 2 ? t('upgrade:task.stageRest') : t('upgrade:task.stageFirst')}
      </Typography.Text>
    </Flex>
  );
}
