import { CheckOutlined, StopOutlined } from '@ant-design/icons';
import { readingQuality } from '@pvstar/contract/endpoints/reading-quality';
import { type DeviceKind, metricDef } from '@pvstar/contract/metrics';
import { PERM } from '@pvstar/contract/perm';
import type { ReadingDecisionKind, SetAsideReading, SetAsideReason } from '@pvstar/contract/reading-quality';
import type { TariffRecompute } from '@pvstar/contract/tariff';
import {
  Alert,
  App,
  Button,
  type ButtonProps,
  Empty,
  Flex,
  Input,
  Modal,
  Progress,
  type TableColumnsType,
  Tag,
  Tooltip,
  Typography,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/http.ts';
import { formatNumber } from '../../../components/energy-format.ts';
import { formatDay, formatZonedDateTime, timeColumnTitle } from '../../../components/format.ts';
import { metricLabel } from '../../../components/metric-label.ts';
import { PageTable } from '../../../components/page-table.tsx';
import { useCanManage } from '../../../permissions/use-can-manage.ts';
import { useDecideReadings, useSetAsideRecompute } from '../api/reading-quality-api.ts';
import { plantToday } from '../plant-time.ts';
import { decisionLabel, reasonHelp, setAsideReasonLabel } from './set-aside-labels.ts';

const DECISION_COLOR = { ACCEPTED: 'green', REJECTED: 'default', none: 'orange' } as const;

/** A counter's reading with the precision a glitch needs (a dip is 0.01 kWh) and its unit. */
function reading(kind: DeviceKind, counter: string | null, value: number | null, lang: string) {
  if (value === null) return '—';
  const unit = counter ? (metricDef(kind, counter)?.unit ?? '') : '';
  return `${formatNumber(value, 4, lang)}${unit ? ` ${unit}` : ''}`;
}

function change(kind: DeviceKind, r: SetAsideReading, lang: string) {
  if (r.value === null || r.reference === null) return '—';
  const d = r.value - r.reference;
  return `${d > 0 ? '+' : ''}${reading(kind, r.counter, d, lang)}`;
}

/** How far the recomputation of the plant's days is, once one was asked for. */
function RecomputeState({ r }: { r: TariffRecompute }) {
  const { t } = useTranslation();
  if (r.state === 'IDLE') return null;
  const days = { from: formatDay(r.from), to: formatDay(r.to) };
  if (r.state === 'DONE')
    return (
      <Typography.Text type="secondary" data-testid="setaside-recompute">
        {t('device:setAside.recompute.done', days)}
      </Typography.Text>
    );
  if (r.state === 'FAILED')
    return (
      <Alert
        type="error"
        showIcon
        title={t('device:setAside.recompute.failed')}
        data-testid="setaside-recompute"
      />
    );
  return (
    <Alert
      type="info"
      showIcon
      data-testid="setaside-recompute"
      title={t(
        r.state === 'PENDING' ? 'device:setAside.recompute.pending' : 'device:setAside.recompute.running',
        {
          ...days,
          done: formatNumber(r.doneDays, 0),
          total: formatNumber(r.totalDays, 0),
        },
      )}
      description={
        <Progress percent={r.totalDays ? Math.floor((100 * r.doneDays) / r.totalDays) : 0} size="small" />
      }
    />
  );
}

interface Asking {
  decision: ReadingDecisionKind;
  readings: SetAsideReading[];
}

/** The confirmation of a decision on one or several readings, with an optional note. */
function DecideModal({
  deviceId,
  timezone,
  asking,
  onClose,
}: {
  deviceId: number;
  timezone: string;
  asking: Asking | null;
  onClose: (decided: boolean) => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const decide = useDecideReadings();
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  if (!asking) return null;
  const accept = asking.decision === 'ACCEPTED';
  const earliest = asking.readings.reduce((a, b) => (a.ts < b.ts ? a : b));
  const day = formatDay(plantToday(timezone, Date.parse(earliest.ts)));
  const submit = () => {
    setError(null);
    decide.mutate(
      {
        deviceId,
        readings: asking.readings.map((r) => r.ts),
        decision: asking.decision,
        note: note.trim() || null,
      },
      {
        onSuccess: () => {
          void message.success(
            accept
              ? t('device:setAside.done.ACCEPTED', { count: asking.readings.length })
              : t('device:setAside.done.REJECTED', { count: asking.readings.length }),
          );
          setNote('');
          onClose(true);
        },
        onError: (e) => setError(e instanceof ApiError ? e.message : String(e)),
      },
    );
  };
  return (
    <Modal
      open
      title={accept ? t('device:setAside.confirm.acceptTitle') : t('device:setAside.confirm.rejectTitle')}
      okText={accept ? t('device:setAside.action.accept') : t('device:setAside.action.reject')}
      okButtonProps={{ loading: decide.isPending, 'data-testid': 'setaside-confirm-ok' } as ButtonProps}
      cancelButtonProps={{ 'data-testid': 'setaside-confirm-cancel' } as ButtonProps}
      onOk={submit}
      onCancel={() => {
        setNote('');
        setError(null);
        onClose(false);
      }}
      destroyOnHidden
      data-testid="setaside-confirm"
    >
      <Flex vertical gap={12}>
        <Typography.Paragraph style={{ margin: 0 }}>
          {accept
            ? t('device:setAside.confirm.acceptBody', { day })
            : t('device:setAside.confirm.rejectBody', { day })}
        </Typography.Paragraph>
        <Input.TextArea
          value={note}
          onChange={(e) => setNote(e.target.value)}
          maxLength={500}
          autoSize={{ minRows: 2, maxRows: 4 }}
          placeholder={t('device:setAside.confirm.note')}
          aria-label={t('device:setAside.confirm.note')}
          data-testid="setaside-note"
        />
        {error && <Alert type="error" showIcon title={error} data-testid="setaside-error" />}
      </Flex>
    </Modal>
  );
}

/**
 * The readings metering set aside for a device (decision 031): when (on the plant's clock), which counter,
 * its value and the accepted value it was compared with, why, and what a person decided. The plant's
 * managers accept one that was real (a new meter) or keep it out; a reading stamped before the plant cannot
 * be accepted (its dates are the fix). The plant's days are recomputed in the background: its progress shows
 * above the list.
 */
export function SetAsideReadings({
  deviceId,
  kind,
  timezone,
}: {
  deviceId: number;
  kind: DeviceKind;
  timezone: string;
}) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const canDecide = useCanManage([PERM.stationEdit]);
  const recompute = useSetAsideRecompute(deviceId);
  const [asking, setAsking] = useState<Asking | null>(null);
  const [selected, setSelected] = useState<SetAsideReading[]>([]);
  const ask = (decision: ReadingDecisionKind, readings: SetAsideReading[]) =>
    setAsking({ decision, readings });
  const beforePlant = (r: SetAsideReading) => r.reason === 'BEFORE_PLANT';

  const columns: TableColumnsType<SetAsideReading> = [
    {
      title: timeColumnTitle(t, t('device:setAside.column.time'), 'plant'),
      dataIndex: 'ts',
      render: (ts: string) => (
        <span style={{ whiteSpace: 'nowrap' }}>{formatZonedDateTime(ts, timezone, true)}</span>
      ),
    },
    {
      title: t('device:setAside.column.counter'),
      dataIndex: 'counter',
      render: (c: string | null) => (c ? metricLabel(t, c) : '—'),
    },
    {
      // The value, and under it the accepted value it was compared with and the step between them.
      title: t('device:setAside.column.value'),
      dataIndex: 'value',
      align: 'right',
      render: (v: number | null, r) => (
        <Flex vertical gap={0} style={{ whiteSpace: 'nowrap' }}>
          <span>{reading(kind, r.counter, v, lang)}</span>
          {r.reference !== null && (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {t('device:setAside.comparedWith', {
                value: reading(kind, r.counter, r.reference, lang),
                change: change(kind, r, lang),
              })}
            </Typography.Text>
          )}
        </Flex>
      ),
    },
    {
      title: t('device:setAside.column.reason'),
      dataIndex: 'reason',
      render: (reason: SetAsideReason) => (
        <Tooltip title={reasonHelp(t, reason)}>
          <Tag color={reason === 'BEFORE_PLANT' ? 'purple' : 'gold'}>{setAsideReasonLabel(t, reason)}</Tag>
        </Tooltip>
      ),
    },
    {
      title: t('device:setAside.column.decision'),
      dataIndex: 'decision',
      // Who and when wrap under the decision, so that the actions stay in view on a wide screen.
      width: 170,
      render: (d: ReadingDecisionKind | null, r) => (
        <Flex vertical gap={2}>
          <span>
            <Tag color={DECISION_COLOR[d ?? 'none']} data-testid="setaside-decision">
              {decisionLabel(t, d)}
            </Tag>
          </span>
          {d && (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {t('device:setAside.decidedBy', {
                name: r.decidedBy ?? '—',
                time: formatZonedDateTime(r.decidedAt, timezone),
              })}
            </Typography.Text>
          )}
          {r.note && (
            <Typography.Text
              type="secondary"
              style={{ fontSize: 12, maxWidth: 170 }}
              ellipsis={{ tooltip: r.note }}
            >
              {r.note}
            </Typography.Text>
          )}
        </Flex>
      ),
    },
    ...(canDecide
      ? [
          {
            title: t('device:setAside.column.actions'),
            key: 'actions',
            render: (_: unknown, r: SetAsideReading) => (
              <Flex gap={4}>
                {r.decision !== 'ACCEPTED' && (
                  <Tooltip title={beforePlant(r) ? t('device:setAside.beforePlant') : undefined}>
                    <Button
                      size="small"
                      type="link"
                      icon={<CheckOutlined />}
                      disabled={beforePlant(r)}
                      onClick={() => ask('ACCEPTED', [r])}
                      data-testid={`setaside-accept-${r.ts}`}
                    >
                      {t('device:setAside.action.accept')}
                    </Button>
                  </Tooltip>
                )}
                {r.decision !== 'REJECTED' && (
                  <Button
                    size="small"
                    type="link"
                    icon={<StopOutlined />}
                    onClick={() => ask('REJECTED', [r])}
                    data-testid={`setaside-reject-${r.ts}`}
                  >
                    {t('device:setAside.action.reject')}
                  </Button>
                )}
              </Flex>
            ),
          },
        ]
      : []),
  ];

  const selectedBeforePlant = selected.some(beforePlant);
  return (
    <Flex vertical gap={8} data-testid="set-aside-readings">
      <Typography.Text type="secondary">{t('device:setAside.hint', { timezone })}</Typography.Text>
      {recompute.data && <RecomputeState r={recompute.data} />}
      {canDecide && selected.length > 0 && (
        <Flex gap={8} wrap align="center">
          <Tooltip title={selectedBeforePlant ? t('device:setAside.beforePlant') : undefined}>
            <Button
              size="small"
              icon={<CheckOutlined />}
              disabled={selectedBeforePlant}
              onClick={() => ask('ACCEPTED', selected)}
              data-testid="setaside-accept-selected"
            >
              {t('device:setAside.action.acceptSelected', { n: selected.length })}
            </Button>
          </Tooltip>
          <Button
            size="small"
            icon={<StopOutlined />}
            onClick={() => ask('REJECTED', selected)}
            data-testid="setaside-reject-selected"
          >
            {t('device:setAside.action.rejectSelected', { n: selected.length })}
          </Button>
        </Flex>
      )}
      <PageTable
        endpoint={readingQuality.page}
        filter={{ deviceId }}
        columns={columns}
        rowKey="ts"
        size="small"
        rowSelection={
          canDecide
            ? {
                selectedRowKeys: selected.map((r) => r.ts),
                onChange: (_, rows) => setSelected(rows),
              }
            : undefined
        }
        emptyText={
          <Empty
            image={Empty.PRESENTED_IMAGE_SIMPLE}
            description={t('device:setAside.empty')}
            data-testid="setaside-empty"
          />
        }
        data-testid="setaside-table"
      />
      <DecideModal
        deviceId={deviceId}
        timezone={timezone}
        asking={asking}
        onClose={(decided) => {
          setAsking(null);
          if (decided) setSelected([]);
        }}
      />
    </Flex>
  );
}
