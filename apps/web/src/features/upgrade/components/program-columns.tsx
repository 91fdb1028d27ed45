import { RollbackOutlined } from '@ant-design/icons';
import type { FirmwareRow } from '@pvstar/contract/firmware';
import { PERM } from '@pvstar/contract/perm';
import { Button, type Modal, message, Space, Switch, Tag, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { confirmDelete } from '../../../components/confirm-delete.ts';
import { EllipsisText } from '../../../components/ellipsis-text.tsx';
import { formatDateTime } from '../../../components/format.ts';
import { DeleteAction, EditAction, rowActionsColumn } from '../../../components/row-actions.tsx';
import { usePerm } from '../../../permissions/perm.tsx';
import { useSession } from '../../../stores/session.ts';
import { useDeleteProgram, useProgramStatus } from '../api/program-api.ts';
import { firmwareTypeLabel, programStatusLabel, RollbackTag } from '../upgrade-labels.tsx';
import { formatBytes, shortHash } from '../upgrade-logic.ts';

const mono = { fontFamily: 'monospace', whiteSpace: 'nowrap' } as const;

type Column = ColumnsType<FirmwareRow>[number];

/** The columns of the firmware programs; the actions show to those who may use them. */
export function useProgramColumns({
  modal,
  onEdit,
  onRollBack,
}: {
  modal: ReturnType<typeof Modal.useModal>[0];
  onEdit: (row: FirmwareRow) => void;
  onRollBack: (row: FirmwareRow) => void;
}): ColumnsType<FirmwareRow> {
  const c = useProgramColumnsContext({ modal, onEdit, onRollBack });
  const columns: ColumnsType<FirmwareRow> = [...programColumns(c), ...fileColumns(c)];
  if (c.canAct || c.mayRollback) columns.push(actionsColumn(c));
  return columns;
}

function useProgramColumnsContext({
  modal,
  onEdit,
  onRollBack,
}: {
  modal: ReturnType<typeof Modal.useModal>[0];
  onEdit: (row: FirmwareRow) => void;
  onRollBack: (row: FirmwareRow) => void;
}) {
  const { t } = useTranslation();
  const remove = useDeleteProgram();
  const setStatus = useProgramStatus();
  const mayStatus = usePerm([PERM.programStatus]);
  const canAct = usePerm([PERM.programEdit, PERM.programDelete]);
  // Only the provider organisation decides that devices may go back to an older version.
  const mayEdit = usePerm([PERM.programEdit]);
  const orgType = useSession((s) => s.userInfo?.user.orgType);
  const mayRollback = mayEdit && orgType === 'PROVIDER';
  const changeStatus = (row: FirmwareRow, enabled: boolean) =>
    setStatus.mutate(
      { id: row.id, status: enabled ? 'ENABLED' : 'DISABLED' },
      { onSuccess: () => message.success(t('upgrade:program.statusChanged')) },
    );

  return { t, modal, onEdit, onRollBack, remove, setStatus, mayStatus, canAct, mayRollback, changeStatus };
}

type Ctx = ReturnType<typeof useProgramColumnsContext>;

/** What the image is and whether it may be used. */
function programColumns({ t, mayStatus, setStatus, changeStatus }: Ctx): Column[] {
  return [
    {
      title: t('upgrade:program.manufacturer'),
      dataIndex: 'manufacturer',
      fixed: 'left',
      render: (v: string) => <EllipsisText text={v} maxWidth={160} />,
    },
    {
      title: t('upgrade:program.firmwareType'),
      dataIndex: 'firmwareType',
      render: (v: FirmwareRow['firmwareType']) => (
        <span style={{ whiteSpace: 'nowrap' }}>{firmwareTypeLabel(t, v)}</span>
      ),
    },
    {
      title: t('upgrade:program.version'),
      dataIndex: 'version',
      render: (v: string, row) => (
        <Space size={4} style={{ whiteSpace: 'nowrap' }}>
          <span style={mono}>{v}</span>
          <RollbackTag mark={row.rollback} testId={`program-rollback-${row.id}`} />
        </Space>
      ),
    },
    {
      title: t('upgrade:program.models'),
      dataIndex: 'models',
      render: (v: string[] | null) => <EllipsisText text={v?.join(', ') ?? '—'} maxWidth={160} />,
    },
    {
      title: t('upgrade:program.status'),
      dataIndex: 'status',
      render: (v: FirmwareRow['status'], row) => {
        const reason = !row.editable ? t('upgrade:program.notEditable') : null;
        const toggle = (
          <Switch
            size="small"
            checked={v === 'ENABLED'}
            checkedChildren={programStatusLabel(t, 'ENABLED')}
            unCheckedChildren={programStatusLabel(t, 'DISABLED')}
            disabled={!mayStatus || !row.editable}
            loading={setStatus.isPending && setStatus.variables?.id === row.id}
            onChange={(enabled) => changeStatus(row, enabled)}
            data-testid={`program-status-${row.id}`}
            data-status={v}
          />
        );
        return reason && mayStatus ? <Tooltip title={reason}>{toggle}</Tooltip> : toggle;
      },
    },
    {
      title: t('upgrade:program.description'),
      dataIndex: 'description',
      render: (v: string) => <EllipsisText text={v} maxWidth={220} />,
    },
  ];
}

/** The file, its signature and its use. */
function fileColumns({ t }: Ctx): Column[] {
  return [
    {
      title: t('upgrade:program.supported'),
      key: 'supported',
      render: (_, row) => (
        <span style={{ whiteSpace: 'nowrap' }} data-testid={`program-supported-${row.id}`}>
          {row.supportAll
            ? t('upgrade:program.supportAll')
            : t('upgrade:program.supportedCount', { count: row.supportedCount })}
        </span>
      ),
    },
    {
      title: t('upgrade:program.file'),
      dataIndex: 'fileName',
      render: (v: string, row) => (
        <Space size={4} style={{ whiteSpace: 'nowrap' }}>
          <EllipsisText text={v} maxWidth={180} />
          <Typography.Text type="secondary">{formatBytes(row.size)}</Typography.Text>
        </Space>
      ),
    },
    {
      title: t('upgrade:program.sha256'),
      dataIndex: 'sha256',
      render: (v: string) => (
        <Typography.Text copyable={{ text: v }} style={mono}>
          <Tooltip title={v}>
            <span>{shortHash(v)}</span>
          </Tooltip>
        </Typography.Text>
      ),
    },
    {
      title: t('upgrade:program.signature'),
      dataIndex: 'keyFingerprint',
      render: (v: string | null, row) =>
        v === null ? (
          <Tag color="red">{t('upgrade:program.unsigned')}</Tag>
        ) : row.models === null ? (
          <Tooltip title={t('upgrade:program.legacyHint')}>
            <Tag color="red" data-testid={`program-legacy-${row.id}`}>
              {t('upgrade:program.legacy')}
            </Tag>
          </Tooltip>
        ) : (
          <Tooltip title={v}>
            <Tag color={row.keyRetired ? 'orange' : 'green'} data-testid={`program-signature-${row.id}`}>
              {row.keyRetired ? t('upgrade:program.keyRetired') : t('upgrade:program.signed')}
            </Tag>
          </Tooltip>
        ),
    },
    { title: t('upgrade:program.taskCount'), dataIndex: 'taskCount', align: 'right' },
    {
      title: t('upgrade:program.createdBy'),
      dataIndex: 'createdBy',
      render: (v: string) => <EllipsisText text={v} maxWidth={140} />,
    },
    {
      title: t('upgrade:program.createTime'),
      dataIndex: 'createTime',
      render: (v: string) => <span style={{ whiteSpace: 'nowrap' }}>{formatDateTime(v)}</span>,
    },
  ];
}

function actionsColumn({ t, modal, onEdit, onRollBack, remove, mayRollback }: Ctx): Column {
  return rowActionsColumn(t, (row) => (
    <>
      {row.editable && (
        <EditAction perm={PERM.programEdit} onClick={() => onEdit(row)} testId={`program-edit-${row.id}`} />
      )}
      {mayRollback && row.models !== null && (
        <Button
          type="link"
          size="small"
          icon={<RollbackOutlined />}
          danger={row.rollback === null}
          onClick={() => onRollBack(row)}
          data-testid={`program-rollback-action-${row.id}`}
        >
          {row.rollback ? t('upgrade:program.rollbackWithdraw') : t('upgrade:program.rollbackMark')}
        </Button>
      )}
      <DeleteAction
        perm={PERM.programDelete}
        disabledReason={
          !row.editable
            ? t('upgrade:program.notEditable')
            : row.taskCount > 0
              ? t('upgrade:program.inUse', { count: row.taskCount })
              : null
        }
        onClick={() =>
          confirmDelete(modal, t, {
            title: t('upgrade:program.deleteTitle', { version: row.version }),
            content: t('upgrade:program.deleteWarning'),
            onDelete: () => remove.mutateAsync(row.id),
            refusedTitle: t('upgrade:program.deleteRefused'),
          })
        }
        testId={`program-delete-${row.id}`}
      />
    </>
  ));
}
