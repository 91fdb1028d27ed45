import { PlantStatusSchema } from '@pvstar/contract/enums';
import { SHOWN_NUM_FMT, SHOWN_PERCENT_NUM_FMT } from '@pvstar/contract/figures';
import { LANG_LABELS, type Lang } from '@pvstar/contract/lang';
import { translate } from '@pvstar/contract/messages';
import {
  type AlarmReport,
  type EnergyReport,
  type FleetReport,
  REPORT_LEVELS,
} from '@pvstar/contract/report';
import ExcelJS from 'exceljs';
import { workbookBuffer } from '../../lib/xlsx-output.ts';

/**
 * Reports as workbooks: a head (title, period, scope, language, when) above each table, units in the
 * column titles, a total row in bold. The cells hold the report's exact figures under a number format
 * of 1–2 decimals (Excel writes them with the separators of the reader's own settings): the sheet shows
 * what the screen shows, rounded once, and a column's SUM is its total row.
 */

type Cell = string | number | null;
interface Column {
  header: string;
  width: number;
  /** Excel number format: 1–2 decimals, whole numbers, or a percentage with 1 decimal (as the screen's). */
  format?: 'decimal' | 'integer' | 'percent';
  /** What the column means, as a note on its title (the screen's tooltip). */
  note?: string;
}
const FORMATS = { decimal: SHOWN_NUM_FMT, integer: '#,##0', percent: SHOWN_PERCENT_NUM_FMT } as const;

/** What the head of every sheet says about the report. */
export interface ReportMeta {
  lang: Lang;
  /** The caller's organisation and, for a chosen set, the plant names. */
  scope: string;
  createdBy: string;
  now: Date;
}

const t = (lang: Lang, key: string, vars?: Record<string, string | number>) =>
  translate(lang, `report.${key}`, vars);

function sheet(
  wb: ExcelJS.Workbook,
  name: string,
  title: string,
  head: { dateType: string; from: string; to: string },
  meta: ReportMeta,
  columns: Column[],
  rows: Cell[][],
  total?: Cell[],
) {
  const { lang } = meta;
  const ws = wb.addWorksheet(name.slice(0, 31));
  ws.addRow([title]).font = { bold: true, size: 14 };
  const info: [string, string][] = [
    ['period', `${head.from} – ${head.to} (${t(lang, `dateType.${head.dateType}`)})`],
    ['scope', meta.scope],
    ['language', LANG_LABELS[lang]],
    ['created', `${meta.now.toISOString().slice(0, 16).replace('T', ' ')} UTC, ${meta.createdBy}`],
  ];
  for (const [key, value] of info)
    ws.addRow([t(lang, `head.${key}`), value]).getCell(1).font = { bold: true };
  ws.addRow([]);
  const headerRow = ws.addRow(columns.map((c) => c.header));
  headerRow.font = { bold: true };
  headerRow.alignment = { wrapText: true, vertical: 'top' };
  columns.forEach((c, i) => {
    const col = ws.getColumn(i + 1);
    col.width = c.width;
    if (c.format) col.numFmt = FORMATS[c.format];
    if (c.note) headerRow.getCell(i + 1).note = c.note;
  });
  for (const r of rows) ws.addRow(r);
  if (total) ws.addRow(total).font = { bold: true };
  ws.views = [{ state: 'frozen', ySplit: headerRow.number }];
}

const money = (lang: Lang, key: string, currency: string | null) =>
  t(lang, `column.${key}`, { currency: currency ?? '–' });

/** The columns that name a plant on a per-plant sheet: number, name, organisation, capacity. */
const plantColumns = (lang: Lang): Column[] => [
  { header: t(lang, 'column.stationNo'), width: 16 },
  { header: t(lang, 'column.stationName'), width: 28 },
  { header: t(lang, 'column.orgName'), width: 24 },
  { header: t(lang, 'column.installedCapacity'), width: 14, format: 'decimal' },
];

export async function buildEnergyWorkbook(r: EnergyReport, meta: ReportMeta): Promise<Buffer> {
  const { lang } = meta;
  const wb = new ExcelJS.Workbook();
  wb.creator = 'PVSTAR';
  const figures = (f: EnergyReport['totals']): Cell[] => [
    f.generation,
    f.consumption,
    f.charge,
    f.discharge,
    f.selfConsumption,
    f.selfSufficiency,
    f.feedIn,
    f.purchase,
    f.revenue,
  ];
  const figureColumns: Column[] = [
    { header: t(lang, 'column.generation'), width: 14, format: 'decimal' },
    { header: t(lang, 'column.consumption'), width: 14, format: 'decimal' },
    { header: t(lang, 'column.charge'), width: 13, format: 'decimal' },
    { header: t(lang, 'column.discharge'), width: 13, format: 'decimal' },
    { header: t(lang, 'column.selfConsumption'), width: 16, format: 'decimal' },
    { header: t(lang, 'column.selfSufficiency'), width: 14, format: 'percent' },
    { header: t(lang, 'column.feedIn'), width: 14, format: 'decimal' },
    { header: t(lang, 'column.purchase'), width: 14, format: 'decimal' },
    { header: money(lang, 'revenue', r.currency), width: 14, format: 'decimal' },
  ];
  sheet(
    wb,
    t(lang, 'sheet.energy'),
    t(lang, 'title.energy'),
    r,
    meta,
    [
      { header: t(lang, 'column.period'), width: 12 },
      ...figureColumns,
      { header: money(lang, 'accumulatedRevenue', r.currency), width: 16, format: 'decimal' },
      { header: t(lang, 'column.specificYield'), width: 14, format: 'decimal' },
    ],
    r.rows.map((row) => [row.period, ...figures(row), row.accumulatedRevenue, row.specificYield]),
    [t(lang, 'total'), ...figures(r.totals), r.totals.revenue, r.totals.specificYield],
  );
  sheet(
    wb,
    t(lang, 'sheet.plants'),
    t(lang, 'title.energy'),
    r,
    meta,
    [
      ...plantColumns(lang),
      ...figureColumns.slice(0, -1),
      { header: t(lang, 'column.plantRevenue'), width: 14, format: 'decimal' },
      { header: t(lang, 'column.currency'), width: 10 },
      { header: t(lang, 'column.specificYield'), width: 14, format: 'decimal' },
    ],
    r.plants.map((p) => [
      p.stationNo,
      p.stationName,
      p.orgName,
      p.installedCapacity,
      ...figures(p),
      p.currency,
      p.specificYield,
    ]),
  );
  return workbookBuffer(wb);
}

export async function buildFleetWorkbook(r: FleetReport, meta: ReportMeta): Promise<Buffer> {
  const { lang } = meta;
  const wb = new ExcelJS.Workbook();
  wb.creator = 'PVSTAR';
  const figures = (f: FleetReport['totals']): Cell[] => [
    f.plantCount,
    ...PlantStatusSchema.options.map((s) => f.statusCounts[s]),
    f.installedCapacity,
    f.generation,
    f.revenue,
    ...REPORT_LEVELS.map((l) => f.alarms[l]),
    f.availability,
    f.dataAvailability,
  ];
  const availabilityColumns: Column[] = [
    {
      header: t(lang, 'column.availability'),
      width: 16,
      format: 'percent',
      note: t(lang, 'note.availability'),
    },
    {
      header: t(lang, 'column.dataAvailability'),
      width: 16,
      format: 'percent',
      note: t(lang, 'note.dataAvailability'),
    },
  ];
  sheet(
    wb,
    t(lang, 'sheet.fleet'),
    t(lang, 'title.fleet'),
    r,
    meta,
    [
      { header: t(lang, 'column.orgName'), width: 32 },
      { header: t(lang, 'column.orgType'), width: 12 },
      { header: t(lang, 'column.plantCount'), width: 10, format: 'integer' },
      ...PlantStatusSchema.options.map((s) => ({
        header: t(lang, `status.${s}`),
        width: 10,
        format: 'integer' as const,
      })),
      { header: t(lang, 'column.installedCapacity'), width: 14, format: 'decimal' },
      { header: t(lang, 'column.generation'), width: 14, format: 'decimal' },
      { header: money(lang, 'revenue', r.currency), width: 14, format: 'decimal' },
      ...REPORT_LEVELS.map((l) => ({
        header: `${t(lang, 'column.alarms')}: ${translate(lang, `alarm.level.${l}`)}`,
        width: 12,
        format: 'integer' as const,
      })),
      ...availabilityColumns,
    ],
    r.rows.map((row) => [
      `${'    '.repeat(row.depth)}${row.orgName}`,
      t(lang, `orgType.${row.orgType}`),
      ...figures(row),
    ]),
    [t(lang, 'total'), '', ...figures(r.totals)],
  );
  sheet(
    wb,
    t(lang, 'sheet.fleetPlants'),
    t(lang, 'title.fleet'),
    r,
    meta,
    [
      ...plantColumns(lang),
      { header: t(lang, 'column.inverters'), width: 12, format: 'integer' },
      { header: t(lang, 'column.generation'), width: 14, format: 'decimal' },
      ...availabilityColumns,
    ],
    r.plants.map((p) => [
      p.stationNo,
      p.stationName,
      p.orgName,
      p.installedCapacity,
      p.inverters,
      p.generation,
      p.availability,
      p.dataAvailability,
    ]),
  );
  return workbookBuffer(wb);
}

const minutes = (seconds: number | null) => (seconds === null ? null : seconds / 60);

export async function buildAlarmReportWorkbook(r: AlarmReport, meta: ReportMeta): Promise<Buffer> {
  const { lang } = meta;
  const wb = new ExcelJS.Workbook();
  wb.creator = 'PVSTAR';
  const counts = (c: { count: number; ended: number; meanTimeToEnd: number | null }): Cell[] => [
    c.count,
    c.ended,
    minutes(c.meanTimeToEnd),
  ];
  const countColumns: Column[] = [
    { header: t(lang, 'column.alarms'), width: 10, format: 'integer' },
    { header: t(lang, 'column.ended'), width: 10, format: 'integer' },
    { header: t(lang, 'column.meanTimeToEnd'), width: 16, format: 'decimal' },
  ];
  const level = (l: string) => translate(lang, `alarm.level.${l}`);
  const total = counts(r.totals);
  sheet(
    wb,
    t(lang, 'sheet.alarmLevels'),
    t(lang, 'title.alarm'),
    r,
    meta,
    [{ header: t(lang, 'column.level'), width: 14 }, ...countColumns],
    r.byLevel.map((x) => [level(x.level), ...counts(x)]),
    [t(lang, 'total'), ...total],
  );
  sheet(
    wb,
    t(lang, 'sheet.alarmCodes'),
    t(lang, 'title.alarm'),
    r,
    meta,
    [
      { header: t(lang, 'column.faultCode'), width: 18 },
      { header: t(lang, 'column.faultName'), width: 40 },
      { header: t(lang, 'column.level'), width: 12 },
      ...countColumns,
    ],
    r.byFaultCode.map((x) => [x.faultCode, x.faultName, level(x.level), ...counts(x)]),
    [t(lang, 'total'), '', '', ...total],
  );
  sheet(
    wb,
    t(lang, 'sheet.alarmTypes'),
    t(lang, 'title.alarm'),
    r,
    meta,
    [{ header: t(lang, 'column.deviceType'), width: 16 }, ...countColumns],
    r.byDeviceType.map((x) => [translate(lang, `alarm.deviceType.${x.deviceType}`), ...counts(x)]),
    [t(lang, 'total'), ...total],
  );
  sheet(
    wb,
    t(lang, 'sheet.alarmPlants'),
    t(lang, 'title.alarm'),
    r,
    meta,
    [
      { header: t(lang, 'column.stationName'), width: 28 },
      ...REPORT_LEVELS.map((l) => ({ header: level(l), width: 10, format: 'integer' as const })),
      ...countColumns,
    ],
    r.byPlant.map((x) => [x.stationName, ...REPORT_LEVELS.map((l) => x.levels[l]), ...counts(x)]),
    [
      t(lang, 'total'),
      ...REPORT_LEVELS.map((l) => r.byLevel.find((x) => x.level === l)?.count ?? 0),
      ...total,
    ],
  );
  return workbookBuffer(wb);
}
