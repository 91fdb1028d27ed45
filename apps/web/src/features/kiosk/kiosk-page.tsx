import { CloudOutlined, GlobalOutlined } from '@ant-design/icons';
import { LANG_LABELS, LANGS, type Lang } from '@pvstar/contract/lang';
import type { PublicPlant } from '@pvstar/contract/plant-share';
import { Alert, Select, Skeleton, Typography } from 'antd';
import type { EChartsOption } from 'echarts';
import { type CSSProperties, type ReactNode, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EChart } from '../../components/echart.tsx';
import {
  formatCapacity,
  formatEnergy,
  formatNumber,
  formatPercent,
  formatPower,
  withUnitSpace,
} from '../../components/energy-format.ts';
import { FLOW_COLORS } from '../../components/flow-colors.ts';
import { formatZonedDateTime, zoneName } from '../../components/format.ts';
import { lazyRetrying } from '../../components/lazy-retrying.ts';
import { PowerFlowDiagram } from '../../components/power-flow.tsx';
import { formatSignedFlow } from '../../components/signed-power.tsx';
import { isUnavailable, usePublicPlant } from './api/kiosk-api.ts';

// antd's Result (its pictures) shows only for a link that is not (or no longer) live.
const Result = lazyRetrying(() => import('antd/es/result'));

/** Dark on light, large: read from across a room on a wall screen, and on a phone in the hand. */
const S: Record<string, CSSProperties> = {
  page: {
    minHeight: '100vh',
    background: '#f4f6f9',
    color: '#101828',
    padding: 'clamp(12px, 2vw, 40px)',
    boxSizing: 'border-box',
    display: 'flex',
    flexDirection: 'column',
    gap: 'clamp(12px, 1.5vw, 28px)',
  },
  header: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'flex-start',
    justifyContent: 'space-between',
    gap: 12,
  },
  name: {
    margin: 0,
    fontSize: 'clamp(26px, 3.4vw, 64px)',
    lineHeight: 1.1,
    fontWeight: 700,
    wordBreak: 'break-word',
  },
  sub: { fontSize: 'clamp(15px, 1.3vw, 26px)', color: '#475467', marginTop: 6 },
  tiles: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 170px), 1fr))',
    gap: 'clamp(10px, 1.2vw, 24px)',
  },
  tile: {
    background: '#fff',
    borderRadius: 12,
    padding: 'clamp(12px, 1.2vw, 24px)',
    boxShadow: '0 1px 3px rgba(16,24,40,.08)',
    minWidth: 0,
  },
  tileLabel: { fontSize: 'clamp(14px, 1.1vw, 22px)', color: '#475467' },
  tileValue: {
    fontSize: 'clamp(26px, 2.6vw, 52px)',
    fontWeight: 700,
    lineHeight: 1.15,
    fontVariantNumeric: 'tabular-nums',
    whiteSpace: 'nowrap',
  },
  tileNote: { fontSize: 'clamp(12px, 0.85vw, 17px)', color: '#667085', marginTop: 4 },
  main: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 520px), 1fr))',
    gap: 'clamp(10px, 1.2vw, 24px)',
    flex: 1,
  },
  card: {
    background: '#fff',
    borderRadius: 12,
    padding: 'clamp(12px, 1.2vw, 24px)',
    boxShadow: '0 1px 3px rgba(16,24,40,.08)',
    minWidth: 0,
  },
  cardTitle: { fontSize: 'clamp(17px, 1.3vw, 26px)', fontWeight: 600, marginBottom: 8 },
  words: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fit, minmax(150px, 1fr))',
    gap: 8,
    fontSize: 'clamp(15px, 1.1vw, 22px)',
    marginTop: 8,
  },
  footer: {
    fontSize: 'clamp(12px, 0.9vw, 18px)',
    color: '#667085',
    display: 'flex',
    flexWrap: 'wrap',
    gap: 16,
  },
};

function Tile({
  label,
  value,
  note,
  testId,
}: {
  label: string;
  value: string;
  note?: ReactNode;
  testId: string;
}) {
  return (
    <div style={S.tile} data-testid={testId}>
      <div style={S.tileLabel}>{label}</div>
      <div style={S.tileValue}>{value}</div>
      {note && <div style={S.tileNote}>{note}</div>}
    </div>
  );
}

/** The page's own language menu: the choice rides in the link (`?lang=`), the portal's setting is left alone. */
function LanguageMenu({ lang }: { lang: Lang }) {
  const { t } = useTranslation();
  return (
    <Select<Lang>
      value={lang}
      size="large"
      aria-label={t('share:kiosk.language')}
      prefix={<GlobalOutlined />}
      style={{ minWidth: 160 }}
      options={LANGS.map((l) => ({ value: l, label: LANG_LABELS[l] }))}
      onChange={(next) => {
        const url = new URL(window.location.href);
        url.searchParams.set('lang', next);
        window.location.replace(url.toString());
      }}
      data-testid="kiosk-lang"
    />
  );
}

/** CO₂ in kg up to a tonne, then in tonnes. */
const formatCo2 = (kg: number) =>
  kg >= 1000 ? withUnitSpace(formatNumber(kg / 1000, 2), 't') : withUnitSpace(formatNumber(kg, 0), 'kg');

/** The plant's wall clock, ticking each half minute (the figures come once a minute). */
function useNow() {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const id = window.setInterval(() => setNow(Date.now()), 30_000);
    return () => window.clearInterval(id);
  }, []);
  return now;
}

function Figures({ plant, lang }: { plant: PublicPlant; lang: Lang }) {
  const { t } = useTranslation();
  const now = useNow();
  const flow = plant.powerFlow;
  const live = flow.ts !== null;
  const dayLabel = new Intl.DateTimeFormat(lang, { day: 'numeric', month: 'numeric', timeZone: 'UTC' });
  const option: EChartsOption = {
    // Redrawn every minute on a wall: the bars stand still rather than grow from zero each time.
    animation: false,
    grid: { left: 8, right: 8, top: 32, bottom: 8, containLabel: true },
    tooltip: { trigger: 'axis', valueFormatter: (v) => formatEnergy(Number(v)) },
    xAxis: {
      type: 'category',
      data: plant.days.map((d) => dayLabel.format(new Date(`${d.day}T00:00:00Z`))),
      axisLabel: { fontSize: 13 },
    },
    yAxis: { type: 'value', name: 'kWh', axisLabel: { fontSize: 13 }, nameTextStyle: { fontSize: 13 } },
    series: [
      {
        type: 'bar',
        name: t('share:kiosk.generation'),
        data: plant.days.map((d) => d.generation),
        itemStyle: { color: FLOW_COLORS.pv, borderRadius: [3, 3, 0, 0] },
      },
    ],
  };
  return (
    <>
      <div style={S.tiles}>
        <Tile
          testId="kiosk-power"
          label={t('share:kiosk.powerNow')}
          value={live ? formatPower(flow.pvPower) : '—'}
          note={
            live
              ? t('share:kiosk.capacity', { capacity: formatCapacity(plant.installedCapacity, 'kWp') })
              : t('share:kiosk.offline')
          }
        />
        <Tile testId="kiosk-today" label={t('share:kiosk.today')} value={formatEnergy(plant.today)} />
        <Tile testId="kiosk-month" label={t('share:kiosk.month')} value={formatEnergy(plant.month)} />
        <Tile testId="kiosk-total" label={t('share:kiosk.total')} value={formatEnergy(plant.total)} />
        <Tile
          testId="kiosk-co2"
          label={t('share:kiosk.co2')}
          value={formatCo2(plant.co2AvoidedKg)}
          note={
            <>
              <CloudOutlined /> {t('share:kiosk.co2Note', { factor: formatNumber(plant.co2KgPerKwh, 3) })}
            </>
          }
        />
      </div>
      <div style={S.main}>
        <div style={S.card} data-testid="kiosk-flow">
          <div style={S.cardTitle}>{t('share:kiosk.flow')}</div>
          <PowerFlowDiagram flow={flow} hasBattery={plant.hasBattery} noLive={t('share:kiosk.noLive')} />
          {live && (
            <div style={S.words} data-testid="kiosk-flow-words">
              <div>
                <Typography.Text type="secondary">{t('share:kiosk.grid')}: </Typography.Text>
                {formatSignedFlow('GRID', flow.gridPower)}
              </div>
              {plant.hasBattery && (
                <div>
                  <Typography.Text type="secondary">{t('share:kiosk.battery')}: </Typography.Text>
                  {formatSignedFlow('BATTERY', flow.batteryPower)}
                  {flow.soc !== null &&
                    ` · ${t('share:kiosk.soc', { soc: formatPercent(Math.round(flow.soc) / 100) })}`}
                </div>
              )}
              <div>
                <Typography.Text type="secondary">{t('share:kiosk.home')}: </Typography.Text>
                {formatPower(flow.loadPower)}
              </div>
            </div>
          )}
        </div>
        <div style={S.card}>
          <div style={S.cardTitle}>{t('share:kiosk.days')}</div>
          <EChart option={option} height={360} testId="kiosk-days" />
        </div>
      </div>
      <div style={S.footer}>
        <span data-testid="kiosk-local-time">
          {t('share:kiosk.localTime', {
            time: formatZonedDateTime(new Date(now).toISOString(), plant.timezone),
            zone: `${plant.timezone}, ${zoneName(plant.timezone, now)}`,
          })}
        </span>
        <span>
          {t('share:kiosk.updated', { time: formatZonedDateTime(plant.updatedAt, plant.timezone) })} ·{' '}
          {t('share:kiosk.refresh')}
        </span>
      </div>
    </>
  );
}

/**
 * The public plant page (kiosk, `/public/plant/<token>`): without any session or the portal's chrome, the
 * figures the server allows (name, region, power now, yields, CO₂, the last 30 days), refreshed every
 * minute; a link that is wrong, expired or revoked shows one friendly "not available".
 */
export default function KioskPage({ token, lang }: { token: string; lang: Lang }) {
  const { t } = useTranslation();
  const query = usePublicPlant(token, lang);
  const plant = query.data;

  useEffect(() => {
    document.title = plant ? plant.name : t('share:kiosk.unavailableTitle');
  }, [plant, t]);

  if (query.isPending)
    return (
      <div style={S.page}>
        <Skeleton active paragraph={{ rows: 10 }} />
      </div>
    );
  if (query.isError && (isUnavailable(query.error) || !plant))
    return (
      <div style={{ ...S.page, justifyContent: 'center' }} data-testid="kiosk-unavailable">
        <Suspense fallback={null}>
          <Result
            status={isUnavailable(query.error) ? '404' : 'warning'}
            title={
              <span style={{ fontSize: 'clamp(22px, 2.4vw, 40px)' }}>
                {isUnavailable(query.error) ? t('share:kiosk.unavailableTitle') : t('share:kiosk.error')}
              </span>
            }
            subTitle={
              isUnavailable(query.error) ? (
                <span style={{ fontSize: 'clamp(15px, 1.2vw, 22px)' }}>
                  {t('share:kiosk.unavailableText')}
                </span>
              ) : undefined
            }
            extra={<LanguageMenu lang={lang} />}
          />
        </Suspense>
      </div>
    );
  return (
    <div style={S.page} data-testid="kiosk">
      <header style={S.header}>
        <div style={{ minWidth: 0, flex: '1 1 320px' }}>
          <h1 style={S.name} data-testid="kiosk-name">
            {plant!.name}
          </h1>
          {plant!.place && <div style={S.sub}>{plant!.place}</div>}
        </div>
        <LanguageMenu lang={lang} />
      </header>
      {query.isError && <Alert type="warning" showIcon title={t('share:kiosk.error')} />}
      <Figures plant={plant!} lang={lang} />
    </div>
  );
}
