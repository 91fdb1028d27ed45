import { SyncOutlined, UndoOutlined } from '@ant-design/icons';
import { remote } from '@pvstar/contract/endpoints/remote';
import { DeviceStatusSchema } from '@pvstar/contract/enums';
import {
  checkParamChanges,
  GRID_CODES,
  type GridCode,
  gridCodeValues,
  PARAM_KEYS,
  type ParamValues,
  REMOTE_TABS,
  type RemoteState,
  type RemoteTab,
} from '@pvstar/contract/remote';
import { useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  App,
  Button,
  Card,
  Checkbox,
  Empty,
  Flex,
  Form,
  Skeleton,
  Space,
  Tabs,
  Tooltip,
  Typography,
} from 'antd';
import type { TFunction } from 'i18next';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { queryKey } from '../../api/call.ts';
import { ApiError } from '../../api/http.ts';
import { showFormError } from '../../components/form-errors.ts';
import { formatZonedDateTime } from '../../components/format.ts';
import { DeviceStatusTag } from '../../components/monitor-tags.tsx';
import { CommandStatus } from './command-status.tsx';
import { ParamField } from './param-field.tsx';
import { changedValues, openCommand, paramSections, tabOf, WRITE_FIELD_NAMES } from './params.ts';
import { useReadParams, useRemoteState } from './remote-api.ts';
import { RemoteAudit } from './remote-audit.tsx';
import { problemText, sectionLabel, tabLabel } from './remote-labels.ts';
import { WriteModal } from './write-modal.tsx';

type TabKey = RemoteTab | 'soon';
type FormValues = ParamValues & { disclaimerAccepted?: boolean };

const isGridCode = (v: unknown): v is GridCode => (GRID_CODES as readonly unknown[]).includes(v);
/** Every parameter empty: what the form starts from, so that a value the device did not report stays empty. */
const EMPTY: Record<string, undefined> = Object.fromEntries(PARAM_KEYS.map((k) => [k, undefined]));

/** Fields in columns of one width (a short section does not stretch its fields across the tab). */
const FIELD_GRID = {
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(220px, 1fr))',
  columnGap: 16,
} as const;

function DeviceLine({ device }: { device: RemoteState['device'] }) {
  const status = DeviceStatusSchema.safeParse(device.status);
  const product = [device.manufacturer, device.model].filter(Boolean).join(' ');
  return (
    <Space wrap size={[12, 4]} data-testid="remote-device">
      <Typography.Text strong copyable>
        {device.sn}
      </Typography.Text>
      {product && <Typography.Text type="secondary">{product}</Typography.Text>}
      {status.success ? (
        <DeviceStatusTag status={status.data} />
      ) : (
        <Typography.Text>{device.status}</Typography.Text>
      )}
    </Space>
  );
}

/** One tab of parameter sections, each field marked when its value differs from the reported one. */
function ParamTab({
  tab,
  reported,
  changes,
}: {
  tab: RemoteTab;
  reported: ParamValues;
  changes: ParamValues;
}) {
  const { t } = useTranslation();
  return (
    <div data-testid={`remote-tab-${tab}`}>
      {paramSections(tab).map(({ section, keys }) => (
        <section key={section}>
          <Typography.Title level={5} style={{ marginTop: 4 }}>
            {sectionLabel(t, section)}
          </Typography.Title>
          {section === 'gridCode' && (
            <Typography.Paragraph type="secondary">{t('remote:form.gridCodeHint')}</Typography.Paragraph>
          )}
          <div style={FIELD_GRID}>
            {keys.map((k) => (
              <ParamField
                key={k}
                paramKey={k}
                reported={reported[k]}
                changed={k in changes}
                testId={k === 'gridCode' ? 'remote-grid-code' : undefined}
              />
            ))}
          </div>
        </section>
      ))}
    </div>
  );
}

/** The parameter tabs, and the one that says what comes later. */
function paramTabItems(t: TFunction, reported: ParamValues, changes: ParamValues) {
  return [
    ...REMOTE_TABS.map((key) => ({
      key,
      label: tabLabel(t, key),
      forceRender: true,
      children: <ParamTab tab={key} reported={reported} changes={changes} />,
    })),
    {
      key: 'soon',
      label: tabLabel(t, 'soon'),
      children: (
        <div data-testid="remote-tab-soon">
          <Empty
            image={Empty.PRESENTED_IMAGE_SIMPLE}
            description={t('remote:soonText')}
            style={{ padding: '48px 0' }}
          />
        </div>
      ),
    },
  ];
}

/** The device, when its values were last read, and the read button. */
function ReadBar({ state, timeZone, deviceId }: { state: RemoteState; timeZone: string; deviceId: number }) {
  const { t } = useTranslation();
  const read = useReadParams(deviceId);
  const running = openCommand(state.commands);
  const { readAt } = state;
  return (
    <Flex justify="space-between" align="center" gap={12} wrap>
      <DeviceLine device={state.device} />
      <Space wrap>
        <Typography.Text type="secondary" data-testid="remote-read-at" data-read-at={readAt ?? ''}>
          {readAt
            ? t('remote:readAt', { time: formatZonedDateTime(readAt, timeZone, true, { zone: true }) })
            : t('remote:neverRead')}
        </Typography.Text>
        {state.canRead && (
          <Button
            icon={<SyncOutlined spin={running?.action === 'READ'} />}
            loading={read.isPending}
            disabled={running !== null}
            onClick={() => read.mutate()}
            data-testid="remote-read"
          >
            {t('remote:action.read')}
          </Button>
        )}
      </Space>
    </Flex>
  );
}

/** The liability disclaimer, undo and save: save only once the disclaimer is accepted and a value changed. */
function WriteCard({
  changedCount,
  disclaimerAccepted,
  onUndo,
  onSave,
}: {
  changedCount: number;
  disclaimerAccepted: boolean;
  onUndo: () => void;
  onSave: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Card size="small" data-testid="remote-write">
      <Flex vertical gap={12}>
        <Alert
          type="warning"
          showIcon
          title={t('remote:disclaimer.title')}
          description={t('remote:disclaimer.text')}
        />
        <Form.Item name="disclaimerAccepted" valuePropName="checked" style={{ margin: 0 }}>
          <Checkbox data-testid="remote-disclaimer">{t('remote:disclaimer.accept')}</Checkbox>
        </Form.Item>
        <Flex justify="flex-end" gap={8} wrap>
          <Button
            icon={<UndoOutlined />}
            disabled={changedCount === 0}
            onClick={onUndo}
            data-testid="remote-undo"
          >
            {t('remote:action.undo')}
          </Button>
          <Tooltip title={disclaimerAccepted ? undefined : t('remote:disclaimer.required')}>
            <Button
              type="primary"
              danger
              disabled={!disclaimerAccepted || changedCount === 0}
              onClick={onSave}
              data-testid="remote-save"
            >
              {t('remote:action.save')}
            </Button>
          </Tooltip>
        </Flex>
      </Flex>
    </Card>
  );
}

/** A command moving on adds rows to the audit log: read it again then. */
function useAuditRefresh(latest: RemoteState['commands'][number] | undefined) {
  const client = useQueryClient();
  const latestKey = latest ? `${latest.id}:${latest.status}` : '';
  const seenKey = useRef(latestKey);
  useEffect(() => {
    if (seenKey.current === latestKey) return;
    seenKey.current = latestKey;
    void client.invalidateQueries({ queryKey: queryKey(remote.auditPage) });
  }, [client, latestKey]);
}

/**
 * The form's state: what the device last reported, the values changed from it, and the steps of a
 * write up to the confirmation dialog (`confirming`: the changes it asks to send).
 */
function useParamsForm(values: RemoteState['values']) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<FormValues>();
  const [tab, setTab] = useState<TabKey>('grid');
  const [confirming, setConfirming] = useState<ParamValues | null>(null);
  const reported = useMemo(() => (values ?? {}) as ParamValues, [values]);

  // The form shows what the device last reported: on opening, and after each read or confirmed write.
  useEffect(() => {
    form.resetFields();
    form.setFieldsValue({ ...EMPTY, ...(values ?? {}), disclaimerAccepted: false });
  }, [form, values]);

  const watched = Form.useWatch([], form) as FormValues | undefined;
  const changes = useMemo(() => changedValues(reported, watched ?? {}), [reported, watched]);
  const showTabOf = (field: string | undefined) => {
    const target = field ? tabOf(field) : null;
    if (target) setTab(target);
  };

  const save = async () => {
    try {
      await form.validateFields(PARAM_KEYS);
    } catch (err) {
      showTabOf(String((err as { errorFields?: { name: (string | number)[] }[] }).errorFields?.[0]?.name[0]));
      return;
    }
    const next = changedValues(reported, form.getFieldsValue());
    if (Object.keys(next).length === 0) return void message.info(t('remote:form.noChanges'));
    const problems = checkParamChanges(next, reported);
    if (problems.length > 0) {
      form.setFields(problems.map((p) => ({ name: p.field, errors: [problemText(t, p)] })));
      return showTabOf(problems[0]!.field);
    }
    setConfirming(next);
  };

  return {
    form,
    tab,
    setTab,
    reported,
    changes,
    disclaimerAccepted: watched?.disclaimerAccepted === true,
    confirming,
    save,
    undo: () => {
      form.resetFields();
      form.setFieldsValue({ ...EMPTY, ...reported });
    },
    cancel: () => setConfirming(null),
    onSent: () => {
      setConfirming(null);
      form.setFieldValue('disclaimerAccepted', false);
      message.info(t('remote:form.sent'));
    },
    onFailed: (err: unknown) => {
      setConfirming(null);
      showFormError(form, err, message, WRITE_FIELD_NAMES);
      if (err instanceof ApiError) showTabOf(Object.keys(err.fields).map((f) => WRITE_FIELD_NAMES[f])[0]);
    },
    // A grid code stands for its protection settings: choosing one fills them in (shown as changed).
    onValuesChange: (changed: Partial<FormValues>) => {
      if (!isGridCode(changed.gridCode)) return;
      form.setFields(
        Object.entries(gridCodeValues(changed.gridCode)).map(([name, value]) => ({
          name: name as keyof FormValues,
          value,
          errors: [],
        })),
      );
    },
  };
}

/** The forms, the command in progress and the write dialog for one device's state. */
function ParamsView({
  deviceId,
  state,
  timeZone,
}: {
  deviceId: number;
  state: RemoteState;
  timeZone: string;
}) {
  const { t } = useTranslation();
  const f = useParamsForm(state.values);
  const running = openCommand(state.commands);
  const latest = state.commands[0];
  const writable = state.canWrite && state.values !== null;
  useAuditRefresh(latest);

  return (
    <Flex vertical gap={12}>
      <ReadBar state={state} timeZone={timeZone} deviceId={deviceId} />
      {latest && <CommandStatus command={latest} timeZone={timeZone} />}
      {state.values === null && !running && (
        <Alert
          type="info"
          showIcon
          title={state.canRead ? t('remote:form.readFirst') : t('remote:form.notRead')}
          data-testid="remote-not-read"
        />
      )}
      <Form<FormValues>
        form={f.form}
        name={`remote-params-${deviceId}`}
        layout="vertical"
        requiredMark={false}
        disabled={!writable || running !== null}
        onValuesChange={f.onValuesChange}
      >
        {/* Fields that cannot be written now are a disabled group: their units and hints are inactive too. */}
        <fieldset disabled={!writable || running !== null} className="pv-fieldset">
          <Tabs
            activeKey={f.tab}
            onChange={(key) => f.setTab(key as TabKey)}
            items={paramTabItems(t, f.reported, f.changes)}
          />
        </fieldset>
        {writable && (
          <WriteCard
            changedCount={Object.keys(f.changes).length}
            disclaimerAccepted={f.disclaimerAccepted}
            onUndo={f.undo}
            onSave={f.save}
          />
        )}
      </Form>
      <WriteModal
        deviceId={deviceId}
        sn={state.device.sn}
        changes={f.confirming}
        reported={f.reported}
        disclaimerAccepted={f.disclaimerAccepted}
        onClose={f.cancel}
        onSent={f.onSent}
        onFailed={f.onFailed}
      />
    </Flex>
  );
}

/**
 * Remote parameters of one inverter (requirements §R8): the values last read, a read,
 * forms built from PARAM_DEFS, the liability disclaimer and a password-confirmed write of the changed
 * values, the command's progress until the device confirms, and (unless `audit` is off) the device's
 * change log. Without write access the values are shown read-only.
 */
export function RemoteParameters({
  deviceId,
  timeZone,
  audit = true,
}: {
  deviceId: number;
  /** The plant's zone: times as its wall clock reads them (else the reader's). */
  timeZone?: string;
  audit?: boolean;
}) {
  const { t } = useTranslation();
  const state = useRemoteState(deviceId);
  const zone = timeZone ?? Intl.DateTimeFormat().resolvedOptions().timeZone;
  return (
    <Flex vertical gap={16} style={{ minWidth: 0 }} data-testid="remote-params" data-device-id={deviceId}>
      {state.data ? (
        <ParamsView key={deviceId} deviceId={deviceId} state={state.data} timeZone={zone} />
      ) : state.isError ? (
        <Alert type="error" showIcon title={state.error.message} data-testid="remote-error" />
      ) : (
        <Skeleton active />
      )}
      {audit && <RemoteAudit title={t('remote:audit.title')} scope={{ deviceId }} timeZone={timeZone} />}
    </Flex>
  );
}
