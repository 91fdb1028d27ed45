import { numberFormat, specificYieldUnit } from '@pvstar/contract/figures';
import type { Lang } from '@pvstar/contract/lang';
import { translate } from '@pvstar/contract/messages';
import type { EnergyReport } from '@pvstar/contract/report';
import type { ReportPeriod } from './report-periods.ts';

/**
 * The mail of a scheduled report, in the user's language: a short HTML body (with a plain-text twin)
 * with the period's figures — energy, revenue per currency, the plants with the highest and lowest
 * specific yield — a link to the report page and the unsubscribe link. The workbook goes along as an
 * attachment (built by report.xlsx.ts, as the export is). Every name is escaped: plant names are typed by users.
 */

/** Plants named among the best and the weakest (fewer when the report has few plants). */
const RANKED = 3;

const t = (lang: Lang, key: string, vars: Record<string, string | number> = {}) =>
  translate(lang, `mail.reportSubscription.${key}`, vars);

const esc = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const utc = (day: string) => new Date(`${day}T00:00:00Z`);

/** "November 2026" or "2026-W45 (2 Nov 2026 – 8 Nov 2026)" in the user's language. */
export function periodText(period: ReportPeriod, lang: Lang): string {
  if (period.frequency === 'MONTHLY')
    return new Intl.DateTimeFormat(lang, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
      utc(period.first),
    );
  const range = new Intl.DateTimeFormat(lang, { dateStyle: 'medium', timeZone: 'UTC' }).formatRange(
    utc(period.first),
    utc(period.last),
  );
  return `${period.label} (${range})`;
}

/** Revenue per currency: the report's total counts one currency, its plants each their own. */
export function revenueByCurrency(report: EnergyReport): { currency: string; revenue: number }[] {
  const sums = new Map<string, number>();
  for (const p of report.plants) sums.set(p.currency, (sums.get(p.currency) ?? 0) + p.revenue);
  return [...sums]
    .map(([currency, revenue]) => ({ currency, revenue }))
    .sort((a, b) => a.currency.localeCompare(b.currency));
}

/** The plants with the highest and lowest specific yield (none below two plants with capacity). */
export function rankedPlants(report: EnergyReport) {
  const rated = report.plants
    .filter((p) => p.specificYield !== null)
    .sort((a, b) => b.specificYield! - a.specificYield! || a.id - b.id);
  const n = Math.min(RANKED, Math.floor(rated.length / 2));
  return { best: rated.slice(0, n), worst: rated.slice(rated.length - n).reverse() };
}

export interface ReportMail {
  subject: string;
  body: string;
  html: string;
}

export function composeReportMail(args: {
  report: EnergyReport;
  period: ReportPeriod;
  lang: Lang;
  title: string;
  appUrl: string;
  unsubscribeUrl: string;
}): ReportMail {
  const { report, period, lang, title } = args;
  // The report's exact figures, rounded once here as the report page rounds them.
  const num = numberFormat(lang);
  const kwh = (n: number) => `${num.format(n)} kWh`;
  const money = (n: number, currency: string) =>
    new Intl.NumberFormat(lang, { style: 'currency', currency }).format(n);
  const when = periodText(period, lang);
  const monthly = period.frequency === 'MONTHLY';
  const subject = (
    monthly
      ? t(lang, 'subjectMonthly', { title, period: when })
      : t(lang, 'subjectWeekly', { title, period: period.label })
  ).slice(0, 255);
  const intro = t(lang, monthly ? 'introMonthly' : 'introWeekly', { period: when });
  const plants = t(lang, 'plants', {
    count: report.plantCount,
    capacity: num.format(report.installedCapacity),
  });
  const figures: [string, string][] = [
    [t(lang, 'generation'), kwh(report.totals.generation)],
    [t(lang, 'consumption'), kwh(report.totals.consumption)],
    [t(lang, 'feedIn'), kwh(report.totals.feedIn)],
    [t(lang, 'purchase'), kwh(report.totals.purchase)],
    ...revenueByCurrency(report).map((r): [string, string] => [
      `${t(lang, 'revenue')} (${r.currency})`,
      money(r.revenue, r.currency),
    ]),
  ];
  if (report.totals.specificYield !== null)
    figures.push([
      t(lang, 'specificYield'),
      `${num.format(report.totals.specificYield)} ${specificYieldUnit(lang)}`,
    ]);
  const { best, worst } = rankedPlants(report);
  const ranking: [string, typeof best][] = best.length
    ? [
        [t(lang, 'best'), best],
        [t(lang, 'worst'), worst],
      ]
    : [];
  const yieldOf = (p: (typeof best)[number]) =>
    `${num.format(p.specificYield ?? 0)} ${specificYieldUnit(lang)}`;
  const reportUrl = `${args.appUrl}/#/report`;

  const text = [
    intro,
    plants,
    '',
    ...figures.map(([k, v]) => `${k}: ${v}`),
    ...ranking.flatMap(([head, list]) => [
      '',
      `${head}:`,
      ...list.map((p) => `- ${p.stationName}: ${yieldOf(p)}`),
    ]),
    '',
    t(lang, 'attached'),
    `${t(lang, 'open', { title })}: ${reportUrl}`,
    '',
    '--',
    t(lang, 'why', { title }),
    `${t(lang, 'unsubscribe')}: ${args.unsubscribeUrl}`,
    '',
  ].join('\n');

  const cell = 'padding:4px 12px 4px 0';
  const html = `<!doctype html>
<html lang="${esc(lang)}"><head><meta charset="utf-8"><title>${esc(subject)}</title></head>
<body style="font-family:Arial,Helvetica,sans-serif;color:#1f1f1f;font-size:14px;line-height:1.5">
<h2 style="margin:0 0 8px">${esc(intro)}</h2>
<p style="margin:0 0 12px;color:#595959">${esc(plants)}</p>
<table style="border-collapse:collapse;margin-bottom:12px">
${figures.map(([k, v]) => `<tr><td style="${cell}">${esc(k)}</td><td style="${cell};text-align:right"><b>${esc(v)}</b></td></tr>`).join('\n')}
</table>
${ranking
  .map(
    ([head, list]) =>
      `<p style="margin:12px 0 4px"><b>${esc(head)}</b></p><ol style="margin:0;padding-left:20px">${list
        .map((p) => `<li>${esc(p.stationName)}: ${esc(yieldOf(p))}</li>`)
        .join('')}</ol>`,
  )
  .join('\n')}
<p style="margin:16px 0">${esc(t(lang, 'attached'))}</p>
<p><a href="${esc(reportUrl)}">${esc(t(lang, 'open', { title }))}</a></p>
<hr style="border:none;border-top:1px solid #e5e5e5;margin:16px 0">
<p style="font-size:12px;color:#8c8c8c">${esc(t(lang, 'why', { title }))}
<a href="${esc(args.unsubscribeUrl)}">${esc(t(lang, 'unsubscribe'))}</a></p>
</body></html>
`;
  return { subject, body: text, html };
}

/** The unsubscribe link's page: a question with a button (GET), or what happened (POST, or a gone link). */
export function unsubscribeHtml(args: {
  lang: Lang;
  title: string;
  state: 'ask' | 'done' | 'gone';
  email?: string | null;
  frequency?: 'monthly' | 'weekly' | 'both';
}): string {
  const { lang, title, state } = args;
  const heading = `${title} · ${t(lang, 'pageTitle')}`;
  const content =
    state === 'ask'
      ? `<p>${esc(t(lang, 'question', { frequency: t(lang, args.frequency ?? 'monthly'), email: args.email ?? '' }))}</p>
<form method="post"><button type="submit" style="padding:8px 20px;font-size:15px;cursor:pointer">${esc(t(lang, 'button'))}</button></form>`
      : `<p>${esc(t(lang, state))}</p>`;
  return `<!doctype html>
<html lang="${esc(lang)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="robots" content="noindex"><title>${esc(heading)}</title></head>
<body style="font-family:Arial,Helvetica,sans-serif;max-width:560px;margin:48px auto;padding:0 16px;color:#1f1f1f">
<h1 style="font-size:20px">${esc(heading)}</h1>
${content}
</body></html>
`;
}
