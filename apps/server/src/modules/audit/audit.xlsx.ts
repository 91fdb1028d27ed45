import type { AuditRow } from '@pvstar/contract/audit';
import type { Lang } from '@pvstar/contract/lang';
import { translate } from '@pvstar/contract/messages';
import ExcelJS from 'exceljs';
import { workbookBuffer } from '../../lib/xlsx-output.ts';

const detailText = (detail: AuditRow['detail']) =>
  detail
    ? Object.entries(detail)
        .map(([k, v]) => `${k}: ${typeof v === 'string' ? v : JSON.stringify(v)}`)
        .join('\n')
    : '';

const COLUMNS: { key: string; width: number; value: (r: AuditRow) => string }[] = [
  { key: 'at', width: 20, value: (r) => r.at.slice(0, 19).replace('T', ' ') },
  { key: 'username', width: 18, value: (r) => r.username ?? '' },
  { key: 'orgName', width: 26, value: (r) => r.orgName ?? '' },
  { key: 'action', width: 30, value: (r) => r.actionText },
  { key: 'target', width: 22, value: (r) => r.targetText ?? '' },
  { key: 'detail', width: 50, value: (r) => detailText(r.detail) },
  { key: 'ip', width: 16, value: (r) => r.ip ?? '' },
];

/** The audit log as the list shows it, in the reader's language; times in UTC. */
export async function buildAuditWorkbook(rows: AuditRow[], lang: Lang): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  wb.creator = 'PVSTAR';
  const ws = wb.addWorksheet(translate(lang, 'audit.sheet'));
  ws.columns = COLUMNS.map((c) => ({
    header: translate(lang, `audit.column.${c.key}`),
    key: c.key,
    width: c.width,
  }));
  ws.getRow(1).font = { bold: true };
  ws.views = [{ state: 'frozen', ySplit: 1 }];
  for (const r of rows)
    ws.addRow(COLUMNS.map((c) => c.value(r))).alignment = { wrapText: true, vertical: 'top' };
  return workbookBuffer(wb);
}
