import { type AlarmPageBody, type AlarmRow, canClose } from '@pvstar/contract/alarm';
import { alarm } from '@pvstar/contract/endpoints/alarm';
import { useState } from 'react';
import { PageTable } from '../../components/page-table.tsx';
import { AlarmActionModal, type AlarmActionRequest } from './alarm-action-modal.tsx';
import { ALARM_REFRESH_MS } from './alarm-api.ts';
import { useAlarmColumns } from './alarm-columns.tsx';
import { AlarmDrawer } from './alarm-drawer.tsx';

/**
 * A live alarm list (read again every 15 s) with its detail drawer and the acknowledge and close
 * dialog. The page may hold the open alarm (to keep it in the URL) and the dialog (to share it with
 * its bulk buttons); `selection` adds checkboxes for the alarms that may still be acted on.
 */
export function AlarmTable({
  filter,
  showPlant,
  openId: givenOpenId,
  onOpenChange,
  selection,
  onAction,
  testId = 'alarm-table',
}: {
  filter: AlarmPageBody;
  showPlant: boolean;
  openId?: number | null;
  onOpenChange?: (id: number | null) => void;
  selection?: { keys: number[]; onChange: (keys: number[]) => void };
  /** Given: the page shows the dialog; else the table does. */
  onAction?: (request: AlarmActionRequest) => void;
  testId?: string;
}) {
  const [ownOpenId, setOwnOpenId] = useState<number | null>(null);
  const openId = onOpenChange ? (givenOpenId ?? null) : ownOpenId;
  const setOpenId = onOpenChange ?? setOwnOpenId;
  const [request, setRequest] = useState<AlarmActionRequest | null>(null);
  const act = onAction ?? setRequest;
  const columns = useAlarmColumns({ showPlant, onOpen: (row) => setOpenId(row.id), onAction: act });

  return (
    <>
      <PageTable
        endpoint={alarm.page}
        filter={filter}
        columns={columns}
        refetchInterval={ALARM_REFRESH_MS}
        rowSelection={
          selection && {
            selectedRowKeys: selection.keys,
            preserveSelectedRowKeys: true,
            onChange: (keys) => selection.onChange(keys as number[]),
            // An ended alarm can be neither acknowledged nor closed.
            getCheckboxProps: (row: AlarmRow) => ({ disabled: !canClose(row) }),
          }
        }
        data-testid={testId}
      />
      <AlarmDrawer id={openId} onClose={() => setOpenId(null)} onAction={act} />
      {!onAction && <AlarmActionModal request={request} onClose={() => setRequest(null)} />}
    </>
  );
}
