import type { AlarmRow } from '@pvstar/contract/alarm';
import type { Lang } from '@pvstar/contract/lang';
import { translate } from '@pvstar/contract/messages';
import ExcelJS from 'exceljs';
import { localTime } from '../../domain/calendar.ts';
import { workbookBuffer } from '../../lib/xlsx-output.ts';

const COLUMNS: { key: string; width: number; value: (r: AlarmRow, lang: Lang) => string | number }[] = [
  { key: 'alarmLevel', width: 12, value: (r, l) => translate(l, `alarm.level.${r.alarmLevel}`) },
  { key: 'faultCode', width: 18, value: (r) => r.faultCode },
  { key: 'alarmMsg', width: 40, value: (r) => r.alarmMsg },
  { key: 'deviceType', width: 14, value: (r, l) => translate(l, `alarm.deviceType.${r.deviceType}`) },
  { key: 'deviceSn', width: 20, value: (r) => r.deviceSn },
  { key: 'stationName', width: 28, value: (r) => r.stationName },
  { key: 'stationAdress', width: 30, value: (r) => r.stationAdress ?? '' },
  { key: 'timezone', width: 16, value: (r) => r.timezone },
  { key: 'alarmStartTime', width: 17, value: (r) => localTime(r.alarmStartTime, r.timezone) },
  { key: 'latestTime', width: 17, value: (r) => localTime(r.latestTime, r.timezone) },
  { key: 'endTime', width: 17, value: (r) => localTime(r.endTime, r.timezone) },
  { key: 'durationMinutes', width: 12, value: (r) => Math.round(r.durationSeconds / 60) },
  { key: 'alarmStatus', width: 11, value: (r, l) => translate(l, `alarm.status.${r.alarmStatus}`) },
  { key: 'fixAdvice', width: 60, value: (r) => r.fixAdvice },
  { key: 'acknowledgedBy', width: 18, value: (r) => r.acknowledged?.name ?? '' },
  { key: 'ackTime', width: 17, value: (r) => localTime(r.acknowledged?.at ?? null, r.timezone) },
  { key: 'ackComment', width: 30, value: (r) => r.acknowledged?.comment ?? '' },
  { key: 'closedBy', width: 18, value: (r) => r.closed?.name ?? '' },
  { key: 'closeComment', width: 30, value: (r) => r.closed?.comment ?? '' },
];

/** The alarms as the list shows them, headers and values in the reader's language, times local to each plant. */
export async function buildAlarmWorkbook(rows: AlarmRow[], lang: Lang): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  wb.creator = 'PVSTAR';
  const ws = wb.addWorksheet(translate(lang, 'alarm.sheet'));
  ws.columns = COLUMNS.map((c) => ({
    header: translate(lang, `alarm.column.${c.key}`),
    key: c.key,
    width: c.width,
  }));
  ws.getRow(1).font = { bold: true };
  ws.views = [{ state: 'frozen', ySplit: 1 }];
  ws.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: COLUMNS.length } };
  for (const r of rows) ws.addRow(COLUMNS.map((c) => c.value(r, lang)));
  return workbookBuffer(wb);
}
