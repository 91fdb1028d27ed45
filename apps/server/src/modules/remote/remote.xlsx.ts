import type { Lang } from '@pvstar/contract/lang';
import { translate } from '@pvstar/contract/messages';
import type { ParamChange, RemoteAuditRow } from '@pvstar/contract/remote';
import ExcelJS from 'exceljs';
import { localTime } from '../../domain/calendar.ts';
import { workbookBuffer } from '../../lib/xlsx-output.ts';

type Row = RemoteAuditRow & { timezone: string };

const changesText = (changes: ParamChange[], lang: Lang) =>
  changes.map((c) => `${translate(lang, `field.${c.key}`)}: ${c.old ?? '–'} → ${c.new}`).join('\n');

/** Each state the attempt reached, with its time on the plant's clock: "Sent 2026-06-01 12:00:00". */
const stepsText = (r: Row, lang: Lang) =>
  r.steps
    .map((s) => `${translate(lang, `remote.outcome.${s.outcome}`)} ${localTime(s.at, r.timezone)}`)
    .join('\n');

const COLUMNS: { key: string; width: number; value: (r: Row, lang: Lang) => string }[] = [
  { key: 'at', width: 17, value: (r) => localTime(r.at, r.timezone) },
  { key: 'timezone', width: 16, value: (r) => r.timezone },
  { key: 'username', width: 16, value: (r) => r.username },
  { key: 'plantName', width: 26, value: (r) => r.plantName },
  { key: 'deviceSn', width: 20, value: (r) => r.deviceSn },
  { key: 'action', width: 10, value: (r, l) => translate(l, `remote.action.${r.action}`) },
  { key: 'outcome', width: 16, value: (r, l) => translate(l, `remote.outcome.${r.outcome}`) },
  { key: 'steps', width: 34, value: (r, l) => stepsText(r, l) },
  { key: 'changes', width: 50, value: (r, l) => changesText(r.changes, l) },
  { key: 'deviceAnswer', width: 40, value: (r) => r.deviceAnswer ?? '' },
  { key: 'reason', width: 40, value: (r) => r.reason ?? '' },
  { key: 'ip', width: 16, value: (r) => r.ip ?? '' },
];

/** The remote settings log as the list shows it, in the reader's language, times local to each plant. */
export async function buildRemoteAuditWorkbook(rows: Row[], lang: Lang): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  wb.creator = 'PVSTAR';
  const ws = wb.addWorksheet(translate(lang, 'remote.sheet'));
  ws.columns = COLUMNS.map((c) => ({
    header: translate(lang, `remote.column.${c.key}`),
    key: c.key,
    width: c.width,
  }));
  ws.getRow(1).font = { bold: true };
  ws.views = [{ state: 'frozen', ySplit: 1 }];
  for (const r of rows)
    ws.addRow(COLUMNS.map((c) => c.value(r, lang))).alignment = { wrapText: true, vertical: 'top' };
  return workbookBuffer(wb);
}
