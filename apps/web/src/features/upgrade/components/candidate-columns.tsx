import { DeviceStatusSchema } from '@pvstar/contract/enums';
import type { FirmwareRow, UpgradeCandidateRow } from '@pvstar/contract/firmware';
import { Space, Tag, Tooltip } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { EllipsisText } from '../../../components/ellipsis-text.tsx';
import { DeviceStatusTag } from '../../../components/monitor-tags.tsx';

/** The columns of the devices a program may go to; a downgrade is marked. */
export function useCandidateColumns(program: FirmwareRow | undefined): ColumnsType<UpgradeCandidateRow> {
  const { t } = useTranslation();
  return [
    {
      title: t('upgrade:device.sn'),
      dataIndex: 'sn',
      render: (v: string) => <span style={{ fontFamily: 'monospace', whiteSpace: 'nowrap' }}>{v}</span>,
    },
    { title: t('upgrade:device.model'), dataIndex: 'model', render: (v: string | null) => v ?? '—' },
    {
      title: t('upgrade:device.plant'),
      dataIndex: 'plantName',
      render: (v: string) => <EllipsisText text={v} maxWidth={220} />,
    },
    {
      title: t('upgrade:device.status'),
      dataIndex: 'status',
      render: (v: string) => {
        const known = DeviceStatusSchema.safeParse(v);
        return known.success ? <DeviceStatusTag status={known.data} /> : v;
      },
    },
    {
      title: t('upgrade:device.currentVersion'),
      dataIndex: 'currentVersion',
      render: (v: string | null, row) => (
        <Space size={4} style={{ whiteSpace: 'nowrap' }}>
          <span style={{ fontFamily: 'monospace' }}>{v ?? '—'}</span>
          {row.downgrade && (
            <Tooltip title={program?.rollback ? undefined : t('upgrade:add.downgradeRefused')}>
              <Tag
                color={program?.rollback ? 'volcano' : 'default'}
                data-testid={`task-candidate-downgrade-${row.sn}`}
              >
                {t('upgrade:add.downgrade')}
              </Tag>
            </Tooltip>
          )}
        </Space>
      ),
    },
  ];
}
