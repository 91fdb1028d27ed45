import { DownloadOutlined } from '@ant-design/icons';
import type { AuditAction, AuditPageBody, AuditRow } from '@pvstar/contract/audit';
import { audit } from '@pvstar/contract/endpoints/audit';
import { Button, DatePicker, Form, type TableColumnsType, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EllipsisText } from '../../../components/ellipsis-text.tsx';
import { FilterBar, FilterChoice, FilterText } from '../../../components/filter-bar.tsx';
import { formatDateTime } from '../../../components/format.ts';
import { ListLayout } from '../../../components/list-layout.tsx';
import { PageTable } from '../../../components/page-table.tsx';
import { useExport } from '../../../components/use-export.ts';
import { exportAuditLog, useAuditActions } from './api/audit-api.ts';

interface FilterValues {
  action?: AuditAction;
  username?: string;
  range?: [Dayjs, Dayjs] | null;
}

const toBody = ({ range, ...rest }: Partial<FilterValues>): AuditPageBody => ({
  ...rest,
  ...(range ? { startDate: range[0].format('YYYY-MM-DD'), endDate: range[1].format('YYYY-MM-DD') } : {}),
});

/** "key: value" per recorded field, as text (never markup): what changed, as the API spelled it. */
const detailText = (detail: AuditRow['detail']) =>
  detail
    ? Object.entries(detail)
        .map(([k, v]) => `${k}: ${typeof v === 'string' ? v : JSON.stringify(v)}`)
        .join(' · ')
    : null;

const nowrap = (text: string) => <span style={{ whiteSpace: 'nowrap' }}>{text}</span>;

/** System → audit log (2007004): who did what and when, in the caller's scope; read and export only. */
export default function AuditPage() {
  const { t, i18n } = useTranslation();
  const actions = useAuditActions(i18n.language);
  const [values, setValues] = useState<Partial<FilterValues>>({});
  const { exporting, run: runExport } = useExport();
  const filter = toBody(values);

  const columns: TableColumnsType<AuditRow> = [
    {
      title: t('system:audit.time'),
      dataIndex: 'at',
      key: 'at',
      fixed: 'left',
      render: (v: string) => nowrap(formatDateTime(v)),
    },
    {
      title: t('system:audit.user'),
      dataIndex: 'username',
      key: 'username',
      render: (v: string | null) =>
        v ? (
          <EllipsisText text={v} maxWidth={160} />
        ) : (
          <Typography.Text type="secondary">{t('system:audit.unknownUser')}</Typography.Text>
        ),
    },
    {
      title: t('system:audit.org'),
      dataIndex: 'orgName',
      key: 'orgName',
      render: (v: string | null) => <EllipsisText text={v} maxWidth={180} />,
    },
    {
      title: t('system:audit.action'),
      dataIndex: 'actionText',
      key: 'action',
      render: (v: string, row) => (
        <span data-testid="audit-action" data-action={row.action}>
          {nowrap(v)}
        </span>
      ),
    },
    {
      title: t('system:audit.target'),
      dataIndex: 'targetText',
      key: 'target',
      render: (v: string | null) => <EllipsisText text={v} maxWidth={200} />,
    },
    {
      title: t('system:audit.detail'),
      dataIndex: 'detail',
      key: 'detail',
      render: (v: AuditRow['detail']) => <EllipsisText text={detailText(v)} maxWidth={320} />,
    },
    {
      title: t('system:audit.ip'),
      dataIndex: 'ip',
      key: 'ip',
      render: (v: string | null) => <EllipsisText text={v} maxWidth={140} />,
    },
  ];

  const doExport = () => runExport(() => exportAuditLog(filter));

  return (
    <ListLayout
      title={t('system:audit.title')}
      extra={
        <Button icon={<DownloadOutlined />} loading={exporting} onClick={doExport} data-testid="audit-export">
          {t('system:audit.export')}
        </Button>
      }
      filter={
        <FilterBar<FilterValues> name="audit-filter" onSearch={setValues} testIdPrefix="audit">
          <FilterChoice
            name="action"
            label={t('system:audit.action')}
            width={240}
            options={actions.data ?? []}
            searchable
            loading={actions.isPending}
            testId="audit-filter-action"
          />
          <FilterText
            name="username"
            label={t('system:audit.user')}
            width={160}
            maxLength={30}
            testId="audit-filter-user"
          />
          <Form.Item name="range" label={t('system:audit.period')}>
            <DatePicker.RangePicker allowClear data-testid="audit-filter-range" />
          </Form.Item>
        </FilterBar>
      }
    >
      <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
        {t('system:audit.hint')}
      </Typography.Paragraph>
      <PageTable endpoint={audit.page} filter={filter} columns={columns} data-testid="audit-table" />
    </ListLayout>
  );
}
