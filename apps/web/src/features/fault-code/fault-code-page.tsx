import { DownloadOutlined, PlusOutlined, UploadOutlined } from '@ant-design/icons';
import { faultCode } from '@pvstar/contract/endpoints/fault-code';
import type { FaultCodePageBody, FaultCodeRow } from '@pvstar/contract/fault-code';
import { PERM } from '@pvstar/contract/perm';
import { Button, Modal, Space, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { confirmDelete } from '../../components/confirm-delete.ts';
import { EllipsisText, NameText } from '../../components/ellipsis-text.tsx';
import { formatDateTime } from '../../components/format.ts';
import { ListLayout } from '../../components/list-layout.tsx';
import { deviceKindLabel } from '../../components/monitor-labels.ts';
import { PageTable } from '../../components/page-table.tsx';
import { DeleteAction, EditAction, rowActionsColumn } from '../../components/row-actions.tsx';
import { useExport } from '../../components/use-export.ts';
import { ALARM_LEVEL_COLOR, alarmLevelLabel } from '../../entities/alarm/alarm-labels.ts';
import { Perm, usePerm } from '../../permissions/perm.tsx';
import { exportFaultCodes, useDeleteFaultCode } from './api/fault-code-api.ts';
import { FaultCodeFilter } from './fault-code-filter.tsx';
import { FaultCodeImportModal } from './fault-code-import-modal.tsx';
import { FaultCodeModal } from './fault-code-modal.tsx';

/** Basic data → alarm data (2006002): the fault code library with its fix advice in 8 languages. */
export default function FaultCodePage() {
  const { t } = useTranslation();
  const [filter, setFilter] = useState<FaultCodePageBody>({});
  // undefined: closed; null: adding; a row: editing it.
  const [editing, setEditing] = useState<FaultCodeRow | null | undefined>(undefined);
  const [importing, setImporting] = useState(false);
  const { exporting, run: runExport } = useExport();
  const [modal, contextHolder] = Modal.useModal();
  const remove = useDeleteFaultCode();
  const canAct = usePerm([PERM.faultCodeEdit, PERM.faultCodeDelete]);

  const doExport = () => runExport(() => exportFaultCodes(filter));

  const columns: ColumnsType<FaultCodeRow> = [
    {
      title: t('faultCode:code'),
      dataIndex: 'faultCode',
      fixed: 'left',
      render: (v: string) => <span style={{ fontFamily: 'monospace', whiteSpace: 'nowrap' }}>{v}</span>,
    },
    {
      title: t('faultCode:deviceType'),
      dataIndex: 'deviceType',
      render: (v: FaultCodeRow['deviceType']) => deviceKindLabel(t, v),
    },
    {
      title: t('faultCode:alarmLevel'),
      dataIndex: 'alarmLevel',
      render: (v: FaultCodeRow['alarmLevel']) => (
        <Tag color={ALARM_LEVEL_COLOR[v]} data-testid={`level-${v}`}>
          {alarmLevelLabel(t, v)}
        </Tag>
      ),
    },
    {
      title: t('faultCode:message'),
      dataIndex: 'alarmMsg',
      render: (v: string) => <NameText text={v} minWidth={200} />,
    },
    {
      title: t('faultCode:fixAdvice'),
      dataIndex: 'fixAdvice',
      render: (v: string) => <EllipsisText text={v} maxWidth={380} />,
    },
    {
      title: t('faultCode:updateTime'),
      dataIndex: 'updateTime',
      // On one line: the message beside it takes the room a long one needs.
      onCell: () => ({ style: { whiteSpace: 'nowrap' } }),
      render: (v: string) => formatDateTime(v),
    },
  ];
  if (canAct)
    columns.push(
      rowActionsColumn(t, (row) => (
        <>
          <EditAction perm={PERM.faultCodeEdit} onClick={() => setEditing(row)} testId="fault-code-edit" />
          <DeleteAction
            perm={PERM.faultCodeDelete}
            onClick={() =>
              confirmDelete(modal, t, {
                title: t('faultCode:deleteTitle', { code: row.faultCode }),
                content: t('faultCode:deleteWarning'),
                onDelete: () => remove.mutateAsync(row.id),
              })
            }
            testId="fault-code-delete"
          />
        </>
      )),
    );

  return (
    <>
      {contextHolder}
      <ListLayout
        title={t('faultCode:title')}
        filter={<FaultCodeFilter onSearch={setFilter} />}
        extra={
          <Space wrap>
            <Perm codes={[PERM.faultCodeImport]}>
              <Button
                icon={<UploadOutlined />}
                onClick={() => setImporting(true)}
                data-testid="fault-code-import"
              >
                {t('faultCode:importButton')}
              </Button>
            </Perm>
            <Perm codes={[PERM.faultCodeExport]}>
              <Button
                icon={<DownloadOutlined />}
                loading={exporting}
                onClick={doExport}
                data-testid="fault-code-export"
              >
                {t('faultCode:exportButton')}
              </Button>
            </Perm>
            <Perm codes={[PERM.faultCodeAdd]}>
              <Button
                type="primary"
                icon={<PlusOutlined />}
                onClick={() => setEditing(null)}
                data-testid="fault-code-add"
              >
                {t('faultCode:add')}
              </Button>
            </Perm>
          </Space>
        }
      >
        <PageTable
          endpoint={faultCode.page}
          filter={filter}
          columns={columns}
          data-testid="fault-code-table"
        />
      </ListLayout>
      <FaultCodeModal row={editing} onClose={() => setEditing(undefined)} />
      <FaultCodeImportModal open={importing} onClose={() => setImporting(false)} />
    </>
  );
}
