import { DownloadOutlined } from '@ant-design/icons';
import { remote } from '@pvstar/contract/endpoints/remote';
import {
  type RemoteAction,
  RemoteActionSchema,
  type RemoteAuditOutcome,
  RemoteAuditOutcomeSchema,
  type RemoteAuditPageBody,
  type RemoteAuditRow,
} from '@pvstar/contract/remote';
import { Button, Card, DatePicker, Flex, Form, type TableColumnsType, Tag } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FilterBar, FilterChoice, FilterText } from '../../components/filter-bar.tsx';
import { formatZonedDateTime, timeColumnTitle } from '../../components/format.ts';
import { PageTable } from '../../components/page-table.tsx';
import { useExport } from '../../components/use-export.ts';
import { exportRemoteAudit } from './remote-api.ts';
import { AuditAnswer, AuditChanges } from './remote-audit-entry.tsx';
import { AUDIT_OUTCOME_COLOR, actionLabel, auditOutcomeLabel } from './remote-labels.ts';

interface FilterValues {
  action?: RemoteAction;
  outcome?: RemoteAuditOutcome;
  deviceSn?: string;
  range?: [Dayjs, Dayjs] | null;
}

const toBody = ({
  range,
  ...rest
}: Partial<FilterValues>): Omit<RemoteAuditPageBody, 'deviceId' | 'plantId'> => ({
  ...rest,
  ...(range ? { startDate: range[0].format('YYYY-MM-DD'), endDate: range[1].format('YYYY-MM-DD') } : {}),
});

const nowrap = (text: string) => <span style={{ whiteSpace: 'nowrap' }}>{text}</span>;

/**
 * The audit log of remote settings for one device or one plant: who read or changed what, and what
 * came of it, with filters and the xlsx export. Times are the plant's wall clock when its zone is known.
 */
export function RemoteAudit({
  title,
  scope,
  timeZone,
}: {
  title: string;
  scope: { deviceId: number } | { plantId: number };
  timeZone?: string;
}) {
  const { t } = useTranslation();
  const [values, setValues] = useState<Partial<FilterValues>>({});
  const { exporting, run: runExport } = useExport();
  const plantWide = 'plantId' in scope;
  const filter: RemoteAuditPageBody = { ...scope, ...toBody(values) };
  const zone = timeZone ?? Intl.DateTimeFormat().resolvedOptions().timeZone;

  const columns: TableColumnsType<RemoteAuditRow> = [
    {
      title: timeColumnTitle(t, t('remote:audit.time'), timeZone ? 'plant' : 'yours', timeZone),
      dataIndex: 'at',
      render: (v: string) => nowrap(formatZonedDateTime(v, zone, true)),
    },
    ...(plantWide
      ? [{ title: t('device:field.sn'), dataIndex: 'deviceSn', render: (v: string) => nowrap(v) }]
      : []),
    { title: t('remote:audit.user'), dataIndex: 'username' },
    {
      title: t('remote:audit.action'),
      dataIndex: 'action',
      render: (v: RemoteAction) => nowrap(actionLabel(t, v)),
    },
    {
      title: t('remote:audit.outcome'),
      dataIndex: 'outcome',
      render: (v: RemoteAuditOutcome) => (
        <Tag color={AUDIT_OUTCOME_COLOR[v]} data-testid="remote-audit-outcome" data-outcome={v}>
          {auditOutcomeLabel(t, v)}
        </Tag>
      ),
    },
    {
      title: t('remote:audit.changes'),
      dataIndex: 'changes',
      render: (changes: RemoteAuditRow['changes']) => <AuditChanges changes={changes} />,
    },
    {
      title: t('remote:audit.answer'),
      key: 'answer',
      render: (_, row) => <AuditAnswer row={row} />,
    },
  ];

  const doExport = () => runExport(() => exportRemoteAudit(filter));

  return (
    <Card
      size="small"
      title={title}
      extra={
        <Button
          icon={<DownloadOutlined />}
          loading={exporting}
          onClick={doExport}
          data-testid="remote-audit-export"
        >
          {t('remote:audit.export')}
        </Button>
      }
    >
      <Flex vertical gap={12}>
        <FilterBar<FilterValues>
          name={plantWide ? 'remote-audit-plant' : 'remote-audit-device'}
          onSearch={setValues}
          testIdPrefix="remote-audit"
        >
          <FilterChoice
            name="action"
            label={t('remote:audit.action')}
            width={120}
            options={RemoteActionSchema.options.map((value) => ({ value, label: actionLabel(t, value) }))}
            testId="remote-audit-action"
          />
          <FilterChoice
            name="outcome"
            label={t('remote:audit.outcome')}
            width={140}
            options={RemoteAuditOutcomeSchema.options.map((value) => ({
              value,
              label: auditOutcomeLabel(t, value),
            }))}
            testId="remote-audit-outcome-filter"
          />
          {plantWide && (
            <FilterText
              name="deviceSn"
              label={t('device:field.sn')}
              width={170}
              maxLength={32}
              testId="remote-audit-sn"
            />
          )}
          <Form.Item name="range" label={t('remote:audit.period')}>
            <DatePicker.RangePicker allowClear data-testid="remote-audit-range" />
          </Form.Item>
        </FilterBar>
        <PageTable
          endpoint={remote.auditPage}
          filter={filter}
          columns={columns}
          size="small"
          data-testid="remote-audit"
        />
      </Flex>
    </Card>
  );
}
