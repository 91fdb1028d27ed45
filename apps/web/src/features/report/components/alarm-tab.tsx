import { DEFAULT_PAGE_SIZE } from '@pvstar/contract/client';
import { type AlarmCounts, type AlarmReport, REPORT_LEVELS } from '@pvstar/contract/report';
import { Badge, Card, Col, Empty, Row, Table, type TableColumnsType, Typography } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { EllipsisText } from '../../../components/ellipsis-text.tsx';
import { formatNumber } from '../../../components/energy-format.ts';
import { formatDuration } from '../../../components/format.ts';
import { deviceKindLabel } from '../../../components/monitor-labels.ts';
import { Pager, useLocalPaging } from '../../../components/pager.tsx';
import { alarmLevelLabel, alarmStatusLabel } from '../../../entities/alarm/alarm-labels.ts';
import { AlarmLevelTag, useAlarmLevelColor } from '../../../entities/alarm/alarm-tags.tsx';
import { numberColumn, PlantName } from './report-table.tsx';
import { ReportStat } from './report-view.tsx';

type ByLevel = AlarmReport['byLevel'][number];
type ByCode = AlarmReport['byFaultCode'][number];
type ByType = AlarmReport['byDeviceType'][number];
type ByPlant = AlarmReport['byPlant'][number];

const meanText = (seconds: number | null) => (seconds === null ? '—' : formatDuration(seconds));

/** Raised, ended and the mean time to end: the last three columns of every alarm table. */
function countColumns<Row extends AlarmCounts>(t: TFunction): TableColumnsType<Row> {
  const count = (row: Row) => formatNumber(row.count, 0);
  return [
    numberColumn<Row>(t('report:alarm.count'), (r) => r.count, { key: 'count', sort: true, render: count }),
    numberColumn<Row>(alarmStatusLabel(t, 'ENDED'), (r) => r.ended, {
      key: 'ended',
      sort: true,
      render: (r) => formatNumber(r.ended, 0),
    }),
    numberColumn<Row>(t('report:alarm.meanTimeToEnd'), (r) => r.meanTimeToEnd, {
      key: 'meanTimeToEnd',
      sort: true,
      width: 124,
      render: (r) => meanText(r.meanTimeToEnd),
    }),
  ];
}

function AlarmTable<Row extends AlarmCounts>({
  title,
  testId,
  rowKey,
  columns,
  rows,
  paged = false,
}: {
  title: string;
  testId: string;
  rowKey: (row: Row) => string;
  columns: TableColumnsType<Row>;
  rows: Row[];
  paged?: boolean;
}) {
  const { t } = useTranslation();
  const paging = useLocalPaging(rows.length);
  return (
    <Card size="small" title={title} style={{ height: '100%' }} styles={{ body: { paddingTop: 8 } }}>
      <Table<Row>
        data-testid={testId}
        rowKey={rowKey}
        size="small"
        columns={columns}
        dataSource={rows}
        scroll={{ x: 'max-content' }}
        locale={{
          emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('common:noData')} />,
        }}
        pagination={paged ? paging.table : false}
      />
      {/* One page needs no pager. */}
      {paged && rows.length > DEFAULT_PAGE_SIZE && <Pager {...paging.pager} />}
    </Card>
  );
}

/** The columns of the alarms by fault code. */
function codeColumns(t: TFunction, levelCol: { key: string; title: string }): TableColumnsType<ByCode> {
  return [
    {
      key: 'faultCode',
      title: t('alarm:column.faultCode'),
      dataIndex: 'faultCode',
      sorter: (a, b) => a.faultCode.localeCompare(b.faultCode),
      render: (code: string) => <Typography.Text code>{code}</Typography.Text>,
    },
    {
      key: 'faultName',
      title: t('alarm:column.message'),
      dataIndex: 'faultName',
      render: (name: string) => <EllipsisText text={name} maxWidth={360} />,
    },
    {
      ...levelCol,
      sorter: (a, b) => REPORT_LEVELS.indexOf(a.level) - REPORT_LEVELS.indexOf(b.level),
      render: (_, r) => <AlarmLevelTag level={r.level} />,
    },
    ...countColumns<ByCode>(t),
  ];
}

/** Alarms raised in the period: totals, and the same counts by level, fault code, device type and plant. */
export function AlarmTab({ report }: { report: AlarmReport }) {
  const { t } = useTranslation();
  const levelColor = useAlarmLevelColor();
  const levelCol = { key: 'level', title: t('alarm:column.level') };
  const byLevel: TableColumnsType<ByLevel> = [
    { ...levelCol, render: (_, r) => <AlarmLevelTag level={r.level} /> },
    ...countColumns<ByLevel>(t),
  ];
  const byCode = codeColumns(t, levelCol);
  const byType: TableColumnsType<ByType> = [
    {
      key: 'deviceType',
      title: t('alarm:column.deviceType'),
      render: (_, r) => deviceKindLabel(t, r.deviceType),
    },
    ...countColumns<ByType>(t),
  ];
  const byPlant: TableColumnsType<ByPlant> = [
    {
      key: 'stationName',
      title: t('alarm:column.plant'),
      fixed: 'left',
      sorter: (a, b) => a.stationName.localeCompare(b.stationName),
      render: (_, r) => <PlantName id={r.plantId} name={r.stationName} tab="alarms" />,
    },
    ...REPORT_LEVELS.map((level) =>
      numberColumn<ByPlant>(
        <Badge color={levelColor(level)} text={alarmLevelLabel(t, level)} style={{ whiteSpace: 'nowrap' }} />,
        (r) => r.levels[level],
        {
          key: level,
          sort: true,
          render: (r) => formatNumber(r.levels[level], 0),
        },
      ),
    ),
    ...countColumns<ByPlant>(t),
  ];
  const totals = report.totals;
  return (
    <Row gutter={[16, 16]}>
      <Col span={24}>
        <Row gutter={[12, 12]} data-testid="report-alarm-totals">
          <Col xs={24} sm={8}>
            <ReportStat
              testId="report-alarm-count"
              title={t('report:alarm.count')}
              value={formatNumber(totals.count, 0)}
              raw={totals.count}
            />
          </Col>
          <Col xs={24} sm={8}>
            <ReportStat
              testId="report-alarm-ended"
              title={alarmStatusLabel(t, 'ENDED')}
              value={formatNumber(totals.ended, 0)}
              raw={totals.ended}
            />
          </Col>
          <Col xs={24} sm={8}>
            <ReportStat
              testId="report-alarm-mean"
              title={t('report:alarm.meanTimeToEnd')}
              value={meanText(totals.meanTimeToEnd)}
              raw={totals.meanTimeToEnd}
            />
          </Col>
        </Row>
      </Col>
      <Col xs={24} xl={12}>
        <AlarmTable
          title={t('report:alarm.byLevel')}
          testId="report-alarm-levels"
          rowKey={(r) => r.level}
          columns={byLevel}
          rows={report.byLevel}
        />
      </Col>
      <Col xs={24} xl={12}>
        <AlarmTable
          title={t('report:alarm.byDeviceType')}
          testId="report-alarm-types"
          rowKey={(r) => r.deviceType}
          columns={byType}
          rows={report.byDeviceType}
        />
      </Col>
      <Col span={24}>
        <AlarmTable
          title={t('report:alarm.byFaultCode')}
          testId="report-alarm-codes"
          rowKey={(r) => `${r.faultCode}|${r.level}`}
          columns={byCode}
          rows={report.byFaultCode}
          paged
        />
      </Col>
      <Col span={24}>
        <AlarmTable
          title={t('report:alarm.byPlant')}
          testId="report-alarm-plants"
          rowKey={(r) => String(r.plantId)}
          columns={byPlant}
          rows={report.byPlant}
          paged
        />
      </Col>
    </Row>
  );
}
