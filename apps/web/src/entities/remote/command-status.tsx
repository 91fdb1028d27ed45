import { LoadingOutlined } from '@ant-design/icons';
import type { RemoteCommand, RemoteCommandStatus } from '@pvstar/contract/remote';
import { Alert, Flex, Steps, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatZonedDateTime } from '../../components/format.ts';
import { isFinal } from './params.ts';
import {
  actionLabel,
  COMMAND_ALERT_TYPE,
  changeText,
  commandStatusLabel,
  commandStatusText,
} from './remote-labels.ts';

const WRITE_STEPS: RemoteCommandStatus[] = ['PENDING', 'ACCEPTED', 'VERIFYING', 'CONFIRMED'];

/**
 * The newest command and where it stands. `data-status` carries the status for tests and styling;
 * success shows only once the device's values were read back (CONFIRMED), never on sending.
 */
export function CommandStatus({ command, timeZone }: { command: RemoteCommand; timeZone: string }) {
  const { t } = useTranslation();
  const running = !isFinal(command);
  const step = WRITE_STEPS.indexOf(command.status);
  return (
    <div data-testid="remote-command-status" data-status={command.status} data-action={command.action}>
      <Alert
        type={COMMAND_ALERT_TYPE[command.status]}
        showIcon
        icon={running ? <LoadingOutlined /> : undefined}
        title={
          <span>
            <strong>{actionLabel(t, command.action)}</strong>
            {' · '}
            {commandStatusLabel(t, command.status)}
          </span>
        }
        description={
          <Flex vertical gap={6}>
            {command.action === 'WRITE' && step >= 0 && (
              <Steps
                size="small"
                current={step}
                status={command.status === 'CONFIRMED' ? 'finish' : 'process'}
                items={WRITE_STEPS.map((s) => ({ title: commandStatusLabel(t, s) }))}
                style={{ maxWidth: 640 }}
              />
            )}
            <span>{commandStatusText(t, command.action, command.status)}</span>
            {command.error && <span data-testid="remote-command-error">{command.error}</span>}
            {command.changes.length > 0 && (
              <Typography.Text type="secondary">
                {command.changes.map((c) => changeText(t, c)).join(' · ')}
              </Typography.Text>
            )}
            <Typography.Text type="secondary">
              {t('remote:command.by', {
                user: command.createdBy,
                time: formatZonedDateTime(command.createdAt, timeZone, true, { zone: true }),
              })}
            </Typography.Text>
          </Flex>
        }
      />
    </div>
  );
}
