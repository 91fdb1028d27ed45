import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { Checklist, ChecklistItem } from '@pvstar/contract/commissioning';
import { peakPowerUnit, UNIT_SPACE } from '@pvstar/contract/figures';
import type { Lang } from '@pvstar/contract/lang';
import { translate } from '@pvstar/contract/messages';
import { asc, eq, inArray } from 'drizzle-orm';
import PDFDocument from 'pdfkit';
import type { DbOrTx } from '../../db/client.ts';
import {
  devices,
  dongles,
  organizations,
  type plants,
  remoteParamSnapshots,
  users,
} from '../../db/schema/index.ts';

const require = createRequire(import.meta.url);
/** DejaVu Sans (npm `dejavu-fonts-ttf`): Latin with every letter of the European languages, Greek, Cyrillic. */
const LATIN = require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf');
const LATIN_BOLD = require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf');

/**
 * A font with Chinese characters, from the system (too large to ship in the package): the first of these
 * that exists. Debian's `fonts-wqy-zenhei` or `fonts-noto-cjk`. Without one, Chinese text in a protocol
 * shows as empty boxes (docs/commissioning.md).
 */
const CJK_FONTS: { path: string; family?: string }[] = [
  { path: '/usr/share/fonts/truetype/wqy/wqy-zenhei.ttc', family: 'WenQuanYiZenHei' },
  { path: '/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc', family: 'NotoSansCJKsc-Regular' },
  { path: '/usr/share/fonts/truetype/droid/DroidSansFallbackFull.ttf' },
];
let cjkFont: { path: string; family?: string } | null | undefined;
export function findCjkFont() {
  if (cjkFont === undefined) cjkFont = CJK_FONTS.find((f) => fs.existsSync(f.path)) ?? null;
  return cjkFont;
}

/** Characters only a CJK font has (CJK ideographs, kana, hangul, full-width forms and punctuation). */
const CJK = /[\u2e80-\u9fff\uac00-\ud7af\uf900-\ufaff\uff00-\uffef\u3000-\u303f]/;

export interface ProtocolDevice {
  kind: string;
  sn: string;
  model: string | null;
  firmware: string | null;
  gridCode: string | null;
}

export interface ProtocolData {
  plant: typeof plants.$inferSelect;
  installer: string;
  owner: string | null;
  devices: ProtocolDevice[];
  checklist: Checklist;
  generatedBy: string;
}

/** Everything the protocol names: the managing organisation, the owner's name, the devices with their firmware and grid codes. */
export async function protocolData(
  db: DbOrTx,
  plant: typeof plants.$inferSelect,
  checklist: Checklist,
  generatedBy: string,
): Promise<ProtocolData> {
  const [[org], [owner], dongleRows, deviceRows] = await Promise.all([
    db.select({ name: organizations.name }).from(organizations).where(eq(organizations.id, plant.orgId)),
    plant.ownerUserId === null
      ? Promise.resolve([])
      : db
          .select({ name: users.name, nickname: users.nickname, username: users.username })
          .from(users)
          .where(eq(users.id, plant.ownerUserId)),
    db.select().from(dongles).where(eq(dongles.plantId, plant.id)).orderBy(asc(dongles.sn)),
    db
      .select()
      .from(devices)
      .where(eq(devices.plantId, plant.id))
      .orderBy(asc(devices.kind), asc(devices.sn)),
  ]);
  const snapshots = deviceRows.length
    ? await db
        .select({ deviceId: remoteParamSnapshots.deviceId, values: remoteParamSnapshots.values })
        .from(remoteParamSnapshots)
        .where(
          inArray(
            remoteParamSnapshots.deviceId,
            deviceRows.map((d) => d.id),
          ),
        )
    : [];
  const codeOf = new Map(
    snapshots.map((s) => [s.deviceId, (s.values as { gridCode?: string }).gridCode ?? null]),
  );
  const versions = (v: Record<string, string>) =>
    Object.entries(v)
      .map(([k, value]) => `${k} ${value}`)
      .join(', ') || null;
  return {
    plant,
    installer: org?.name ?? '',
    owner: plant.ownerName ?? owner?.name ?? owner?.nickname ?? owner?.username ?? null,
    devices: [
      ...dongleRows.map((g) => ({
        kind: 'DONGLE',
        sn: g.sn,
        model: null,
        firmware: g.version,
        gridCode: null,
      })),
      ...deviceRows.map((d) => ({
        kind: d.kind,
        sn: d.sn,
        model: [d.manufacturer, d.model].filter(Boolean).join(' ') || null,
        firmware: versions(d.versions),
        gridCode: codeOf.get(d.id) ?? null,
      })),
    ],
    checklist,
    generatedBy,
  };
}

/** What the data showed for an item, in words. */
function factsText(lang: Lang, item: ChecklistItem, number: (n: number) => string): string {
  const t = (key: string, params?: Record<string, string | number>) =>
    translate(lang, `mail.protocol.facts.${key}` as never, params);
  const f = item.facts;
  const parts: string[] = [];
  if (f.total !== undefined && item.item !== 'GRID_CODE' && f.total > 0)
    parts.push(t('count', { done: f.done ?? 0, total: f.total }));
  if (f.offsetSeconds !== undefined) parts.push(t('offset', { seconds: number(f.offsetSeconds) }));
  if (item.item === 'GRID_CODE' && f.total)
    parts.push(`${t('count', { done: f.done ?? 0, total: f.total })}${f.gridCode ? ` · ${f.gridCode}` : ''}`);
  if (f.kwh !== undefined) parts.push(t('kwh', { kwh: number(f.kwh) }));
  if (f.invitation) parts.push(t(f.invitation));
  return parts.join(' · ');
}

/** The protocol's PDF and how it writes: texts in `lang`, times in the plant's zone, fonts, and its blocks. */
function protocolWriter(data: ProtocolData, lang: Lang) {
  const { plant } = data;
  const t = (key: string, params?: Record<string, string | number>) =>
    translate(lang, `mail.protocol.${key}` as never, params);
  const when = (iso: string | null) =>
    iso
      ? new Intl.DateTimeFormat(lang, {
          dateStyle: 'medium',
          timeStyle: 'short',
          timeZone: plant.timezone,
        }).format(new Date(iso))
      : '—';
  const number = (n: number) => new Intl.NumberFormat(lang, { maximumFractionDigits: 2 }).format(n);

  const doc = new PDFDocument({
    size: 'A4',
    margin: 48,
    info: { Title: `${t('title')} — ${plant.name}`, Author: data.installer, Creator: 'PVSTAR' },
  });
  doc.registerFont('latin', LATIN);
  doc.registerFont('latin-bold', LATIN_BOLD);
  const cjk = findCjkFont();
  if (cjk) doc.registerFont('cjk', cjk.path, cjk.family as string);
  /** The font that can show this text: the CJK font for Chinese, DejaVu for the rest. */
  const font = (text: string, bold = false) => {
    doc.font(cjk && CJK.test(text) ? 'cjk' : bold ? 'latin-bold' : 'latin');
    return doc;
  };
  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  const heading = (text: string) => {
    doc.moveDown(0.8);
    font(text, true).fontSize(12).fillColor('#1f1f1f').text(text, left, doc.y, { width });
    doc
      .moveTo(left, doc.y + 2)
      .lineTo(left + width, doc.y + 2)
      .lineWidth(0.5)
      .strokeColor('#bbbbbb')
      .stroke();
    doc.moveDown(0.5);
  };
  /** A label and its value on one line. */
  const field = (label: string, value: string | null) => {
    const v = value || '—';
    const y = doc.y;
    font(label).fontSize(9).fillColor('#666666').text(label, left, y, { width: 150 });
    const labelEnd = doc.y;
    font(v)
      .fontSize(9)
      .fillColor('#1f1f1f')
      .text(v, left + 155, y, { width: width - 155 });
    doc.y = Math.max(doc.y, labelEnd) + 2;
  };
  /** A table row: cells at the given x offsets and widths. */
  const row = (cells: string[], widths: number[], bold = false) => {
    const y = doc.y;
    let x = left;
    let bottom = y;
    cells.forEach((cell, i) => {
      const text = cell || '—';
      font(text, bold)
        .fontSize(8.5)
        .fillColor(bold ? '#444444' : '#1f1f1f')
        .text(text, x, y, { width: widths[i]! - 6 });
      bottom = Math.max(bottom, doc.y);
      x += widths[i]!;
    });
    doc.y = bottom + 3;
    if (doc.y > doc.page.height - doc.page.margins.bottom - 40) doc.addPage();
  };

  return { doc, t, when, number, font, heading, field, row, left, width };
}
type ProtocolWriter = ReturnType<typeof protocolWriter>;

function plantSection(w: ProtocolWriter, data: ProtocolData, lang: Lang) {
  const { t, number, heading, field } = w;
  const { plant, checklist } = data;
  const { doc, font, when, left, width } = w;
  font(t('title'), true).fontSize(18).fillColor('#1f1f1f').text(t('title'), left, doc.y, { width });
  font(plant.name).fontSize(12).fillColor('#1f1f1f').text(plant.name, { width });
  const status = checklist.completedAt
    ? t('completed', { at: when(checklist.completedAt), user: checklist.completedBy ?? '—' })
    : t('draft');
  font(status)
    .fontSize(9)
    .fillColor(checklist.completedAt ? '#237804' : '#ad4e00')
    .text(status, { width });

  heading(t('plant'));
  field(t('plantNo'), plant.plantNo);
  field(t('capacity'), `${number(Number(plant.installedCapacity))}${UNIT_SPACE}${peakPowerUnit(lang)}`);
  if (plant.storageCapacity !== null)
    field(t('storage'), `${number(Number(plant.storageCapacity))}${UNIT_SPACE}kWh`);
  field(t('address'), plant.address);
  field(t('gridConnection'), plant.gridConnectionDate ? String(plant.gridConnectionDate).slice(0, 10) : null);
  field(t('installer'), data.installer);
  field(t('owner'), data.owner);
  const codes = [...new Set(data.devices.map((d) => d.gridCode).filter((c): c is string => Boolean(c)))];
  field(t('gridCode'), codes.join(', ') || null);
}

function deviceSection(w: ProtocolWriter, data: ProtocolData, lang: Lang) {
  const { t, heading, row, width } = w;
  heading(t('devices'));
  const deviceWidths = [70, 130, 110, width - 70 - 130 - 110 - 90, 90];
  row([t('kind'), t('sn'), t('model'), t('firmware'), t('gridCode')], deviceWidths, true);
  for (const d of data.devices)
    row(
      [
        translate(lang, `mail.protocol.kindName.${d.kind}` as never),
        d.sn,
        d.model ?? '',
        d.firmware ?? '',
        d.gridCode ?? '',
      ],
      deviceWidths,
    );
}

function checklistSection(w: ProtocolWriter, data: ProtocolData, lang: Lang) {
  const { t, when, number, heading, row, width } = w;
  const { checklist } = data;
  heading(t('checklist'));
  const itemWidths = [150, 95, width - 245];
  row([t('item'), t('result'), t('detail')], itemWidths, true);
  for (const item of checklist.items) {
    const detail = [
      factsText(lang, item, number),
      item.tickedBy
        ? t('tickedBy', { user: item.tickedBy, at: when(item.tickedAt), note: item.note ?? '' })
        : '',
      item.photo ? t('photo') : '',
    ]
      .filter(Boolean)
      .join('\n');
    row(
      [translate(lang, `mail.protocol.items.${item.item}` as never), t(`state.${item.state}`), detail],
      itemWidths,
    );
  }
}

/** The owner's consent, the lines to sign and who generated the protocol when. */
function closingSection(w: ProtocolWriter, data: ProtocolData, lang: Lang, now: Date) {
  const { doc, t, when, font, heading, field, left, width } = w;
  const { plant, checklist } = data;
  heading(t('consent'));
  const c = checklist.consent;
  field(
    t('consent'),
    !c
      ? t('consentNone')
      : c.given
        ? t('consentGiven', { at: when(c.givenAt) })
        : t('consentWithdrawn', { at: when(c.withdrawnAt) }),
  );

  doc.moveDown(2.5);
  const y = doc.y;
  const half = (width - 30) / 2;
  doc
    .moveTo(left, y)
    .lineTo(left + half, y)
    .strokeColor('#888888')
    .stroke();
  doc
    .moveTo(left + half + 30, y)
    .lineTo(left + width, y)
    .stroke();
  font(t('signInstaller'))
    .fontSize(8)
    .fillColor('#666666')
    .text(t('signInstaller'), left, y + 4, { width: half });
  font(t('signOwner')).text(t('signOwner'), left + half + 30, y + 4, { width: half });

  doc.moveDown(2);
  const footer = t('generated', {
    at: new Intl.DateTimeFormat(lang, {
      dateStyle: 'medium',
      timeStyle: 'short',
      timeZone: plant.timezone,
    }).format(now),
    user: data.generatedBy,
  });
  font(footer).fontSize(7.5).fillColor('#888888').text(footer, left, doc.y, { width });
}

/**
 * The commissioning protocol as a PDF (A4) in `lang`: plant, installer and owner, devices with serial
 * numbers, firmware and grid codes, every checklist item with its result and who confirmed it when, the
 * owner's consent, and lines to sign. A draft until commissioning is completed.
 */
export function renderProtocol(data: ProtocolData, lang: Lang, now = new Date()): Promise<Buffer> {
  const w = protocolWriter(data, lang);
  const { doc } = w;
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  plantSection(w, data, lang);
  deviceSection(w, data, lang);
  checklistSection(w, data, lang);
  closingSection(w, data, lang, now);
  doc.end();
  return done;
}
