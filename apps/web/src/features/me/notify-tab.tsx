import { ALARM_DIGEST_MINUTES, type AlarmNotify } from '@pvstar/contract/alarm';
import { alarm } from '@pvstar/contract/endpoints/alarm';
import { ALARM_LEVELS } from '@pvstar/contract/enum-values';
import type { AlarmLevel } from '@pvstar/contract/enums';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Checkbox, Flex, Form, Skeleton, Space, Typography } from 'antd';
import type { TFunction } from 'i18next';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { queryKey } from '../../api/call.ts';
import { showFormError } from '../../components/form-errors.ts';
import { AlarmLevelTag } from '../../entities/alarm/alarm-tags.tsx';
import { saveAlarmNotify, useAlarmNotify } from './api/me-api.ts';

/** What each level means to the one who gets the mail. */
const levelHint = (t: TFunction, level: AlarmLevel): string =>
  ({
    SERIOUS: t('alarm:notify.hint.SERIOUS'),
    ERROR: t('alarm:notify.hint.ERROR'),
    WARN: t('alarm:notify.hint.WARN'),
    INFO: t('alarm:notify.hint.INFO'),
    GENERAL: t('alarm:notify.hint.GENERAL'),
  })[level];

/**
 * Which alarm levels reach the user by e-mail. A burst of alarms arrives as one digest, at most one
 * mail per ALARM_DIGEST_MINUTES, at the bound address; without one nothing can be sent.
 */
export function NotifyTab({
  hasEmail,
  readOnly,
  onBindEmail,
}: {
  hasEmail: boolean;
  readOnly: boolean;
  onBindEmail: () => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const client = useQueryClient();
  const [form] = Form.useForm<AlarmNotify>();
  const current = useAlarmNotify();
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (current.data) form.setFieldsValue({ levels: current.data.levels });
  }, [current.data, form]);

  const onFinish = async ({ levels }: AlarmNotify) => {
    setBusy(true);
    try {
      // In the catalogue's order, whatever order they were ticked in.
      const body = { levels: ALARM_LEVELS.filter((l) => (levels ?? []).includes(l)) };
      await saveAlarmNotify(body);
      client.setQueryData(queryKey(alarm.notifyGet), body);
      message.success(t('common:saved'));
    } catch (err) {
      showFormError(form, err, message);
    } finally {
      setBusy(false);
    }
  };

  if (current.isLoading) return <Skeleton active />;
  return (
    <Flex vertical gap={16} style={{ maxWidth: 640 }} data-testid="notify-tab">
      <Typography.Paragraph style={{ margin: 0 }}>
        {t('alarm:notify.intro', { minutes: ALARM_DIGEST_MINUTES })}
      </Typography.Paragraph>
      {!hasEmail && (
        <Alert
          type="warning"
          showIcon
          title={t('alarm:notify.noEmail')}
          action={
            <Button size="small" onClick={onBindEmail} data-testid="notify-bind-email">
              {t('alarm:notify.bindEmail')}
            </Button>
          }
          data-testid="notify-no-email"
        />
      )}
      {current.isError && <Alert type="error" showIcon title={current.error.message} />}
      <Form<AlarmNotify>
        form={form}
        name="alarm-notify"
        layout="vertical"
        disabled={readOnly || current.isError}
        onFinish={onFinish}
        initialValues={{ levels: [] }}
      >
        <Form.Item name="levels" label={t('alarm:notify.levels')} extra={t('alarm:notify.levelsHint')}>
          <Checkbox.Group style={{ display: 'flex', flexDirection: 'column', gap: 8 }}>
            {ALARM_LEVELS.map((level: AlarmLevel) => (
              <Checkbox key={level} value={level} data-testid={`notify-level-${level}`}>
                <Space size={4}>
                  <AlarmLevelTag level={level} />
                  <Typography.Text type="secondary">{levelHint(t, level)}</Typography.Text>
                </Space>
              </Checkbox>
            ))}
          </Checkbox.Group>
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={busy} data-testid="notify-save">
          {t('action.save')}
        </Button>
      </Form>
    </Flex>
  );
}
