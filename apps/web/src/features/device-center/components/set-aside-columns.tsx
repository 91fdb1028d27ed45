import { CheckOutlined, StopOutlined } from '@ant-design/icons';
import { type DeviceKind, metricDef } from '@pvstar/contract/metrics';
import type { ReadingDecisionKind, SetAsideReading, SetAsideReason } from '@pvstar/contract/reading-quality';
import { Button, Flex, type TableColumnsType, Tag, Tooltip, Typography } from 'antd';
import type { TFunction } from 'i18next';
import { formatNumber } from '../../../components/energy-format.ts';
import { formatZonedDateTime, timeColumnTitle } from '../../../components/format.ts';
import { metricLabel } from '../../../components/metric-label.ts';
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

export const beforePlant = (r: SetAsideReading) => r.reason === 'BEFORE_PLANT';

type Column = TableColumnsType<SetAsideReading>[number];

interface Ctx {
  t: TFunction;
  lang: string;
  kind: DeviceKind;
  timezone: string;
  canDecide: boolean;
  ask: (decision: ReadingDecisionKind, readings: SetAsideReading[]) => void;
}

/** The columns of the set-aside readings; the plant's managers get the actions. */
export function setAsideColumns(c: Ctx): TableColumnsType<SetAsideReading> {
  return [...readingColumns(c), decisionColumn(c), ...(c.canDecide ? [actionsColumn(c)] : [])];
}

function readingColumns({ t, lang, kind, timezone }: Ctx): Column[] {
  return [
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
  ];
}

function decisionColumn({ t, timezone }: Ctx): Column {
  return {
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
  };
}

function actionsColumn({ t, ask }: Ctx): Column {
  return {
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
  };
}
