import { MailOutlined } from '@ant-design/icons';
import type { DateType } from '@pvstar/contract/enums';
import { PERM } from '@pvstar/contract/perm';
import { Button, Card, Tabs } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { DateRange } from '../../components/date-range.tsx';
import { useExport } from '../../components/use-export.ts';
import { usePerm } from '../../permissions/perm.tsx';
import {
  exportReport,
  type ReportBodies,
  useAlarmReport,
  useEnergyReport,
  useFleetReport,
} from './api/report-api.ts';
import { AlarmTab } from './components/alarm-tab.tsx';
import { EnergyTab } from './components/energy-tab.tsx';
import { FleetTab } from './components/fleet-tab.tsx';
import { PeriodBar } from './components/period-bar.tsx';
import type { PlantPick } from './components/plant-select.tsx';
import { ReportView } from './components/report-view.tsx';
import { SubscriptionDialog } from './components/subscription-dialog.tsx';
import { defaultRange, exportFilename, periodBody, REPORT_TABS, type ReportTab } from './report-period.ts';

/** The three reports for the question asked; only the shown tab's is read. */
function useReports(
  tab: ReportTab,
  period: ReturnType<typeof periodBody>,
  plants: PlantPick[],
  currency?: string,
) {
  const plantIds = plants.length > 0 ? { plantIds: plants.map((p) => p.value) } : {};
  const money = currency ? { currency } : {};
  const bodies: ReportBodies = {
    energy: { ...period, ...plantIds, ...money },
    fleet: { ...period, ...money },
    alarm: { ...period, ...plantIds },
  };
  const energy = useEnergyReport(bodies.energy, tab === 'energy');
  const fleet = useFleetReport(bodies.fleet, tab === 'fleet');
  const alarm = useAlarmReport(bodies.alarm, tab === 'alarm');
  const active = { energy, fleet, alarm }[tab];
  const shown = active.data;
  const inMoney = tab === 'energy' ? energy.data : tab === 'fleet' ? fleet.data : undefined;
  return { bodies, energy, fleet, alarm, active, shown, inMoney };
}

/**
 * Reports (2008): energy and revenue, the fleet by organisation, and alarms, over one period and plant
 * choice shared by the three tabs. A report is read when its tab is shown and again whenever the period,
 * the plants or the currency change; Refresh reads it anew, Export downloads it as xlsx with the same
 * question. The tab is kept in the address (`?tab=`), so that a reload or a link opens it again.
 */
export default function ReportPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const tab = REPORT_TABS.find((k) => k === params.get('tab')) ?? 'energy';
  const [dateType, setDateType] = useState<DateType>('date');
  const [ranges, setRanges] = useState<Partial<Record<DateType, DateRange>>>({});
  const [plants, setPlants] = useState<PlantPick[]>([]);
  const [currency, setCurrency] = useState<string>();
  const { exporting, run: runExport } = useExport();
  const [subscribing, setSubscribing] = useState(false);
  const mayPick = usePerm([PERM.stationMonitor]);

  const { bodies, energy, fleet, alarm, active, shown, inMoney } = useReports(
    tab,
    periodBody(dateType, ranges[dateType]),
    plants,
    currency,
  );
  const tabLabel: Record<ReportTab, string> = {
    energy: t('report:tab.energy'),
    fleet: t('report:tab.fleet'),
    alarm: t('report:tab.alarm'),
  };

  // Before a range is picked the report's own period (the server's default) is what the picker shows;
  // its last month or year ends after today, a day the picker does not offer.
  const today = dayjs().startOf('day');
  const range: DateRange =
    ranges[dateType] ??
    (shown && shown.dateType === dateType
      ? [dayjs(shown.from), dayjs(shown.to).isAfter(today) ? today : dayjs(shown.to)]
      : defaultRange(dateType));

  const doExport = () => runExport(() => exportReport(tab, bodies, exportFilename(tab, shown)));

  return (
    <Card data-testid="report-page" styles={{ body: { paddingTop: 4 } }} style={{ minWidth: 0 }}>
      <Tabs
        data-testid="report-tabs"
        activeKey={tab}
        destroyOnHidden
        onChange={(key) => setParams({ tab: key }, { replace: true })}
        renderTabBar={(props, DefaultTabBar) => (
          <>
            <DefaultTabBar {...props} />
            <div style={{ marginBottom: 16 }}>
              <PeriodBar
                dateType={dateType}
                onDateType={setDateType}
                range={range}
                onRange={(r) => setRanges((prev) => ({ ...prev, [dateType]: r }))}
                plants={tab === 'fleet' ? undefined : plants}
                onPlants={(next) => {
                  setPlants(next);
                  // Another set of plants may not use the chosen currency: back to the report's default.
                  setCurrency(undefined);
                }}
                currency={
                  inMoney?.currency && inMoney.currencies.length > 1
                    ? { value: inMoney.currency, options: inMoney.currencies }
                    : undefined
                }
                onCurrency={setCurrency}
                refreshing={active.isFetching}
                onRefresh={() => {
                  if (!active.isFetching) void active.refetch();
                }}
                exporting={exporting}
                onExport={doExport}
                extra={
                  <Button
                    icon={<MailOutlined />}
                    onClick={() => setSubscribing(true)}
                    data-testid="report-subscribe"
                  >
                    {t('reportSubscription:button')}
                  </Button>
                }
              />
            </div>
          </>
        )}
        items={REPORT_TABS.map((key) => ({
          key,
          label: <span data-testid={`report-tab-${key}`}>{tabLabel[key]}</span>,
          children:
            key === 'energy' ? (
              <ReportView query={energy} testId="report-energy">
                {(data) => <EnergyTab report={data} />}
              </ReportView>
            ) : key === 'fleet' ? (
              <ReportView query={fleet} testId="report-fleet">
                {(data) => <FleetTab report={data} />}
              </ReportView>
            ) : (
              <ReportView query={alarm} testId="report-alarm">
                {(data) => <AlarmTab report={data} />}
              </ReportView>
            ),
        }))}
      />
      <SubscriptionDialog open={subscribing} onClose={() => setSubscribing(false)} mayPick={mayPick} />
    </Card>
  );
}
