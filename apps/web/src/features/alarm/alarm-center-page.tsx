import { CheckOutlined, DownloadOutlined, StopOutlined } from '@ant-design/icons';
import type { AlarmPageBody } from '@pvstar/contract/alarm';
import { PERM } from '@pvstar/contract/perm';
import type { FormInstance } from 'antd';
import { Button, Flex, Form, Space } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { cleanFilter } from '../../components/filter-bar.tsx';
import { ListLayout } from '../../components/list-layout.tsx';
import { ACTIVE_UNACKNOWLEDGED } from '../../components/page-links.ts';
import { useExport } from '../../components/use-export.ts';
import { AlarmActionModal, type AlarmActionRequest } from '../../entities/alarm/alarm-action-modal.tsx';
import { exportAlarms } from '../../entities/alarm/alarm-api.ts';
import { defaultAlarmRange, periodBody } from '../../entities/alarm/alarm-period.ts';
import { AlarmTable } from '../../entities/alarm/alarm-table.tsx';
import { Perm, usePerm } from '../../permissions/perm.tsx';
import { AlarmFilter, type FilterValues } from './components/alarm-filter.tsx';
import { AlarmSummaryStrip, type SummaryPick } from './components/alarm-summary.tsx';

const toBody = ({ acknowledged, range, ...rest }: Partial<FilterValues>): AlarmPageBody => ({
  ...rest,
  ...(acknowledged ? { acknowledged: acknowledged === 'yes' } : {}),
  ...(range ? periodBody(range) : {}),
});

/** What the header's bell counts (ALARM_ACTIVE_UNACKNOWLEDGED of the contract), over all time. */
const BELL_FILTER: Partial<FilterValues> = { alarmStatus: 'ONGOING', acknowledged: 'no', range: null };

/** The bell's link: applied once, then taken off the URL, so that the next click applies it again. */
function useBellLink(
  preset: string | null,
  form: FormInstance<FilterValues>,
  setParams: ReturnType<typeof useSearchParams>[1],
) {
  useEffect(() => {
    if (preset !== ACTIVE_UNACKNOWLEDGED) return;
    form.resetFields();
    form.setFieldsValue(BELL_FILTER);
    form.submit();
    setParams(
      (p) => {
        p.delete('filter');
        return p;
      },
      { replace: true },
    );
  }, [preset, form, setParams]);
}

/**
 * The alert center (2004001): alarms of the caller's plants, live (read every 15 s), with counts per
 * level group, the filters of requirements §R7.4, the detail with the fix advice, acknowledge and close (one
 * or many) and the export. `?id=` opens one alarm's detail, so the dashboard can link straight to it;
 * `?filter=active-unacknowledged` (the header's bell) shows the ongoing alarms nobody acknowledged, of
 * any period.
 */
export default function AlarmCenterPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const openId = Number(params.get('id')) || null;
  const [form] = Form.useForm<FilterValues>();
  const initialValues = useMemo<Partial<FilterValues>>(() => ({ range: defaultAlarmRange() }), []);
  const preset = params.get('filter');
  const [values, setValues] = useState<Partial<FilterValues>>(() =>
    preset === ACTIVE_UNACKNOWLEDGED ? cleanFilter(BELL_FILTER) : initialValues,
  );
  const [selected, setSelected] = useState<number[]>([]);
  const [request, setRequest] = useState<AlarmActionRequest | null>(null);
  const { exporting, run: runExport } = useExport();
  const mayAck = usePerm([PERM.faultAlarmAck]);
  const mayClose = usePerm([PERM.faultAlarmClose]);
  const filter = toBody(values);

  const search = (next: Partial<FilterValues>) => {
    setSelected([]);
    setValues(next);
  };

  const setOpenId = (id: number | null) =>
    setParams((p) => {
      if (id === null) p.delete('id');
      else p.set('id', String(id));
      return p;
    });

  const pick = (choice: SummaryPick) => {
    form.setFieldsValue(
      choice === 'ended'
        ? { alarmStatus: 'ENDED', levelGroup: undefined, acknowledged: undefined }
        : choice === 'unacknowledged'
          ? { alarmStatus: 'ONGOING', levelGroup: undefined, acknowledged: 'no' }
          : { alarmStatus: 'ONGOING', levelGroup: choice.group, acknowledged: undefined },
    );
    form.submit();
  };

  useBellLink(preset, form, setParams);

  const doExport = () => runExport(() => exportAlarms(filter));

  return (
    <Flex vertical gap={16} style={{ minWidth: 0 }}>
      <AlarmSummaryStrip filter={filter} onPick={pick} />
      <ListLayout
        title={t('menu:faultAlarm')}
        filter={<AlarmFilter form={form} initialValues={initialValues} onSearch={search} />}
        extra={
          <Space wrap>
            {mayAck && (
              <Button
                icon={<CheckOutlined />}
                disabled={selected.length === 0}
                onClick={() => setRequest({ type: 'acknowledge', ids: selected })}
                data-testid="alarm-bulk-ack"
              >
                {t('alarm:action.acknowledgeSelected', { n: selected.length })}
              </Button>
            )}
            {mayClose && (
              <Button
                danger
                icon={<StopOutlined />}
                disabled={selected.length === 0}
                onClick={() => setRequest({ type: 'close', ids: selected })}
                data-testid="alarm-bulk-close"
              >
                {t('alarm:action.closeSelected', { n: selected.length })}
              </Button>
            )}
            <Perm codes={[PERM.faultAlarmExport]}>
              <Button
                icon={<DownloadOutlined />}
                loading={exporting}
                onClick={doExport}
                data-testid="alarm-export"
              >
                {t('alarm:action.export')}
              </Button>
            </Perm>
          </Space>
        }
      >
        <AlarmTable
          filter={filter}
          showPlant
          openId={openId}
          onOpenChange={setOpenId}
          selection={mayAck || mayClose ? { keys: selected, onChange: setSelected } : undefined}
          onAction={setRequest}
        />
      </ListLayout>
      <AlarmActionModal
        request={request}
        onClose={() => setRequest(null)}
        onDone={() => setSelected((keys) => keys.filter((k) => !request?.ids.includes(k)))}
      />
    </Flex>
  );
}
