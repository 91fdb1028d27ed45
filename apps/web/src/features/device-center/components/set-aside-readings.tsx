import { CheckOutlined, StopOutlined } from '@ant-design/icons';
import { readingQuality } from '@pvstar/contract/endpoints/reading-quality';
import type { DeviceKind } from '@pvstar/contract/metrics';
import { PERM } from '@pvstar/contract/perm';
import type { ReadingDecisionKind, SetAsideReading } from '@pvstar/contract/reading-quality';
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
  Tooltip,
  Typography,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/http.ts';
import { formatNumber } from '../../../components/energy-format.ts';
import { formatDay } from '../../../components/format.ts';
import { PageTable } from '../../../components/page-table.tsx';
import { useCanManage } from '../../../permissions/use-can-manage.ts';
import { useDecideReadings, useSetAsideRecompute } from '../api/reading-quality-api.ts';
import { plantToday } from '../plant-time.ts';
import { beforePlant, setAsideColumns } from './set-aside-columns.tsx';

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
  const columns = setAsideColumns({ t, lang, kind, timezone, canDecide, ask });

  return (
    <Flex vertical gap={8} data-testid="set-aside-readings">
      <Typography.Text type="secondary">{t('device:setAside.hint', { timezone })}</Typography.Text>
      {recompute.data && <RecomputeState r={recompute.data} />}
      {canDecide && selected.length > 0 && <SelectedActions selected={selected} ask={ask} />}
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

function SelectedActions({
  selected,
  ask,
}: {
  selected: SetAsideReading[];
  ask: (decision: ReadingDecisionKind, readings: SetAsideReading[]) => void;
}) {
  const { t } = useTranslation();
  const selectedBeforePlant = selected.some(beforePlant);
  return (
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
  );
}
