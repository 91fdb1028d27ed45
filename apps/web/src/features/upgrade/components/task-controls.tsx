import { CaretRightOutlined, PauseOutlined, StopOutlined } from '@ant-design/icons';
import type { UpgradeTaskRow } from '@pvstar/contract/firmware';
import { PERM } from '@pvstar/contract/perm';
import { Button, type ButtonProps, Modal, message, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { usePerm } from '../../../permissions/perm.tsx';
import { type TaskControl, useTaskControl } from '../api/task-api.ts';
import { taskActions } from '../upgrade-logic.ts';

/**
 * Pause, resume and cancel of a task, as its status allows (upgradeTaskControl). Cancelling cannot be
 * undone, so it is asked first. `compact` shows the list's link buttons, else the detail's buttons.
 */
export function TaskControls({
  task,
  compact = false,
}: {
  task: Pick<UpgradeTaskRow, 'id' | 'name' | 'status'>;
  compact?: boolean;
}) {
  const { t } = useTranslation();
  const allowed = usePerm([PERM.upgradeTaskControl]);
  const control = useTaskControl();
  const [modal, contextHolder] = Modal.useModal();
  if (!allowed) return null;
  const can = taskActions(task.status);
  const pending = (action: TaskControl) =>
    control.isPending && control.variables?.action === action && control.variables.id === task.id;
  const run = (action: TaskControl) =>
    control
      .mutateAsync({ action, id: task.id })
      .then(() =>
        message.success(
          action === 'pause'
            ? t('upgrade:task.paused')
            : action === 'resume'
              ? t('upgrade:task.resumed')
              : t('upgrade:task.cancelled'),
        ),
      );
  const button: ButtonProps = compact ? { type: 'link', size: 'small' } : {};

  const askCancel = () =>
    modal.confirm({
      title: t('upgrade:task.cancelTitle', { name: task.name }),
      content: t('upgrade:task.cancelWarning'),
      okText: t('upgrade:task.cancelConfirm'),
      okButtonProps: { danger: true, 'data-testid': 'task-cancel-confirm' } as ButtonProps,
      cancelText: t('upgrade:task.keep'),
      onOk: () => run('cancel').catch(() => undefined),
    });

  return (
    <>
      {contextHolder}
      <Space size={compact ? 0 : 8} wrap={!compact} style={compact ? { whiteSpace: 'nowrap' } : undefined}>
        {can.pause && (
          <Button
            {...button}
            icon={<PauseOutlined />}
            loading={pending('pause')}
            onClick={() => run('pause').catch(() => undefined)}
            data-testid={`task-pause-${task.id}`}
          >
            {t('upgrade:task.pause')}
          </Button>
        )}
        {can.resume && (
          <Button
            {...button}
            icon={<CaretRightOutlined />}
            loading={pending('resume')}
            onClick={() => run('resume').catch(() => undefined)}
            data-testid={`task-resume-${task.id}`}
          >
            {t('upgrade:task.resume')}
          </Button>
        )}
        {can.cancel && (
          <Button
            {...button}
            danger
            icon={<StopOutlined />}
            loading={pending('cancel')}
            onClick={askCancel}
            data-testid={`task-cancel-${task.id}`}
          >
            {t('upgrade:task.cancel')}
          </Button>
        )}
      </Space>
    </>
  );
}
