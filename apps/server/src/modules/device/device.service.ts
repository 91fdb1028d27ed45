import type { PageResult, SortedPageQuery } from '@pvstar/contract/api';
import {
  DEVICE_TYPE_PERM,
  type DeviceDetail,
  type DeviceHistory,
  type DeviceHistoryBody,
  type DevicePageBody,
  type DeviceRow,
  type DeviceSort,
  type DeviceType,
  HISTORY_BUCKET_SECONDS,
  unknownMetric,
} from '@pvstar/contract/device';
import type { DeviceStatus, InverterType, NetworkingMode, StationType } from '@pvstar/contract/enums';
import { type DeviceKind, metricDef } from '@pvstar/contract/metrics';
import type { ReadingDecisionKind, SetAsideReason } from '@pvstar/contract/reading-quality';
import { type AnyColumn, and, asc, eq, type SQL, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { textArray } from '../../db/arrays.ts';
import { caseless, contains, pageOrder, pageWindow, rankOf } from '../../db/lists.ts';
import { sqlRows } from '../../db/rows.ts';
import { deviceLatest, devices, dongles, organizations, plants } from '../../db/schema/index.ts';
import { addDays, localMidnightSql } from '../../domain/calendar.ts';
// Devices and dongles are reached through their plant: its organisation, or (SELF) its owner.
import { plantScope } from '../../domain/plants.ts';
import { roundKwh } from '../../domain/rounding.ts';
import type { Caller } from '../../http/access.ts';
import { forbidden, invalidField, notFound } from '../../http/errors.ts';

/** Each list and detail needs the code of its device type (403 otherwise, before any lookup). */
export function requireTypePerm(caller: Caller, type: DeviceType) {
  if (!caller.perms.has(DEVICE_TYPE_PERM[type])) throw forbidden();
}

const latestNumber = (key: string) => sql<number | null>`(${deviceLatest.data}->>${key}::text)::float8`;

/** Columns of a device row (devices joined with plant, dongle and latest values). */
const deviceColumns = {
  id: devices.id,
  kind: devices.kind,
  sn: devices.sn,
  manufacturer: devices.manufacturer,
  model: devices.model,
  status: devices.status,
  inverterType: devices.inverterType,
  ratedPower: devices.ratedPower,
  deviceAddress: devices.deviceAddress,
  versions: devices.versions,
  lastSeenAt: devices.lastSeenAt,
  createdAt: devices.createdAt,
  // The inverter a battery or meter works with: the first on its dongle (devices_dongle_idx).
  dongleInverterSn: sql<string | null>`(SELECT i.sn FROM devices i
    WHERE i.dongle_id = ${devices.dongleId} AND i.kind = 'INVERTER' ORDER BY i.id LIMIT 1)`,
  plantId: plants.id,
  stationName: plants.name,
  stationType: plants.type,
  timezone: plants.timezone,
  dongleId: dongles.id,
  dongleSn: dongles.sn,
  dongleVersion: dongles.version,
  networkingMode: dongles.networkingMode,
  power: latestNumber('power'),
  soc: latestNumber('soc'),
  soh: latestNumber('soh'),
};

/** Not connected yet, offline, normal, abnormal, fault: descending puts the devices needing attention first. */
const STATUS_RANK = ['NOT_CONNECTED', 'OFFLINE', 'ONLINE', 'ABNORMAL', 'FAULT'] as const;

/** The sortable columns of a device list (the latest values: one primary-key read of device_latest each). */
const DEVICE_SORT_SQL: Record<DeviceSort, AnyColumn | SQL> = {
  sn: devices.sn,
  stationName: caseless(plants.name),
  deviceStatus: rankOf(devices.status, STATUS_RANK),
  power: latestNumber('power'),
  soc: latestNumber('soc'),
  soh: latestNumber('soh'),
  lastSeenAt: devices.lastSeenAt,
};
/** A dongle has no values of its own to sort by. */
const DONGLE_SORT_SQL: Partial<Record<DeviceSort, AnyColumn | SQL>> = {
  sn: dongles.sn,
  stationName: caseless(plants.name),
  deviceStatus: rankOf(dongles.status, STATUS_RANK),
  lastSeenAt: dongles.lastSeenAt,
};

const dongleColumns = {
  id: dongles.id,
  sn: dongles.sn,
  status: dongles.status,
  version: dongles.version,
  networkingMode: dongles.networkingMode,
  intervalSeconds: dongles.intervalSeconds,
  lastSeenAt: dongles.lastSeenAt,
  createdAt: dongles.createdAt,
  plantId: plants.id,
  stationName: plants.name,
  stationType: plants.type,
  timezone: plants.timezone,
};

interface DeviceSel {
  id: number;
  kind: DeviceKind;
  sn: string;
  manufacturer: string | null;
  model: string | null;
  status: DeviceStatus;
  inverterType: InverterType | null;
  ratedPower: number | null;
  deviceAddress: number | null;
  versions: Record<string, string>;
  lastSeenAt: Date | null;
  createdAt: Date;
  dongleInverterSn: string | null;
  plantId: number;
  stationName: string;
  stationType: StationType;
  dongleId: number;
  dongleSn: string;
  dongleVersion: string | null;
  networkingMode: NetworkingMode;
  power: number | null;
  soc: number | null;
  soh: number | null;
}
interface DongleSel {
  id: number;
  sn: string;
  status: DeviceStatus;
  version: string | null;
  networkingMode: NetworkingMode;
  lastSeenAt: Date | null;
  createdAt: Date;
  plantId: number;
  stationName: string;
  stationType: StationType;
}

/** Float sums and averages without binary noise (0.1 + 0.2), keeping a thousandth of a unit (as kWh and kW). */
const roundOrNull = (n: number | null) => (n === null || n === undefined ? null : roundKwh(Number(n)));

function deviceRow(r: DeviceSel): DeviceRow {
  return {
    id: r.id,
    deviceType: r.kind,
    sn: r.sn,
    deviceName: r.model || r.sn,
    manufactor: r.manufacturer,
    deviceSpec: r.model,
    deviceStatus: r.status,
    plantId: r.plantId,
    stationName: r.stationName,
    stationType: r.stationType,
    collectorId: r.dongleId,
    collectorSN: r.dongleSn,
    inverterSN:
      r.kind === 'INVERTER' ? r.sn : r.kind === 'BATTERY' || r.kind === 'METER' ? r.dongleInverterSn : null,
    cellSN: r.kind === 'BATTERY' ? r.sn : null,
    elecMeterSN: r.kind === 'METER' ? r.sn : null,
    deviceAddress: r.deviceAddress,
    inverterType: r.inverterType,
    // An inverter's versions include its dongle's (requirements §R6.2: inverter, dongle, safety, HMI);
    // what the device itself reports wins.
    versions: {
      ...(r.kind === 'INVERTER' && r.dongleVersion ? { dongle: r.dongleVersion } : {}),
      ...r.versions,
    },
    networkingMode: r.networkingMode,
    ratedPower: r.ratedPower,
    power: roundOrNull(r.power),
    soc: roundOrNull(r.soc),
    soh: roundOrNull(r.soh),
    lastSeenAt: r.lastSeenAt?.toISOString() ?? null,
    createTime: r.createdAt.toISOString(),
  };
}

function dongleRow(r: DongleSel): DeviceRow {
  return {
    id: r.id,
    deviceType: 'DONGLE',
    sn: r.sn,
    deviceName: r.sn,
    manufactor: null,
    deviceSpec: null,
    deviceStatus: r.status,
    plantId: r.plantId,
    stationName: r.stationName,
    stationType: r.stationType,
    collectorId: r.id,
    collectorSN: r.sn,
    inverterSN: null,
    cellSN: null,
    elecMeterSN: null,
    deviceAddress: null,
    inverterType: null,
    versions: r.version ? { dongle: r.version } : {},
    networkingMode: r.networkingMode,
    ratedPower: null,
    power: null,
    soc: null,
    soh: null,
    lastSeenAt: r.lastSeenAt?.toISOString() ?? null,
    createTime: r.createdAt.toISOString(),
  };
}

export type DeviceDeps = Pick<AppContext, 'db'>;

export function createDeviceService(deps: DeviceDeps) {
  return { ...createDeviceReads(deps), ...createDeviceHistory(deps) };
}

/** A page of devices (inverters, batteries, meters…). */
function createDevicePage(ctx: DeviceDeps) {
  const { db } = ctx;
  const deviceQuery = () =>
    db
      .select(deviceColumns)
      .from(devices)
      .innerJoin(plants, eq(plants.id, devices.plantId))
      .innerJoin(organizations, eq(organizations.id, plants.orgId))
      .innerJoin(dongles, eq(dongles.id, devices.dongleId))
      .leftJoin(deviceLatest, eq(deviceLatest.deviceId, devices.id));

  async function pageDevices(
    caller: Caller,
    q: SortedPageQuery<DeviceSort>,
    f: DevicePageBody,
    kind: DeviceKind,
  ) {
    const where = and(
      eq(devices.kind, kind),
      plantScope(caller),
      contains(devices.sn, f.sn),
      f.plantId ? eq(plants.id, f.plantId) : undefined,
      contains(plants.name, f.stationName),
      f.status ? eq(devices.status, f.status) : undefined,
      contains(devices.manufacturer, f.manufacturer),
      contains(devices.model, f.model),
    );
    const [{ total }] = (await db
      .select({ total: sql<number>`count(*)::int` })
      .from(devices)
      .innerJoin(plants, eq(plants.id, devices.plantId))
      .innerJoin(organizations, eq(organizations.id, plants.orgId))
      .where(where)) as [{ total: number }];
    const { limit, offset } = pageWindow(q);
    const rows = await deviceQuery()
      .where(where)
      .orderBy(
        ...pageOrder(q, DEVICE_SORT_SQL, devices.id, [
          asc(plants.name),
          asc(plants.id),
          asc(devices.sn),
          asc(devices.id),
        ]),
      )
      .limit(limit)
      .offset(offset);
    return { total, list: rows.map(deviceRow) };
  }

  return { deviceQuery, pageDevices };
}

/** A page of dongles. */
function createDonglePage(ctx: DeviceDeps) {
  const { db } = ctx;
  const dongleQuery = () =>
    db
      .select(dongleColumns)
      .from(dongles)
      .innerJoin(plants, eq(plants.id, dongles.plantId))
      .innerJoin(organizations, eq(organizations.id, plants.orgId));

  async function pageDongles(caller: Caller, q: SortedPageQuery<DeviceSort>, f: DevicePageBody) {
    const where = and(
      plantScope(caller),
      contains(dongles.sn, f.sn),
      f.plantId ? eq(plants.id, f.plantId) : undefined,
      contains(plants.name, f.stationName),
      f.status ? eq(dongles.status, f.status) : undefined,
      // A dongle has no manufacturer or model of its own: asking for one finds none.
      f.manufacturer || f.model ? sql`FALSE` : undefined,
    );
    const [{ total }] = (await db
      .select({ total: sql<number>`count(*)::int` })
      .from(dongles)
      .innerJoin(plants, eq(plants.id, dongles.plantId))
      .innerJoin(organizations, eq(organizations.id, plants.orgId))
      .where(where)) as [{ total: number }];
    const { limit, offset } = pageWindow(q);
    const rows = await dongleQuery()
      .where(where)
      .orderBy(
        ...pageOrder(q, DONGLE_SORT_SQL, dongles.id, [
          asc(plants.name),
          asc(plants.id),
          asc(dongles.sn),
          asc(dongles.id),
        ]),
      )
      .limit(limit)
      .offset(offset);
    return { total, list: rows.map(dongleRow) };
  }

  return { dongleQuery, pageDongles };
}

/** One device in the caller's scope. */
function createDeviceAccess(ctx: DeviceDeps) {
  const { deviceQuery } = createDevicePage(ctx);
  /** A device the caller may see (404 otherwise, like a missing one) with the code of its kind (403). */
  async function scopedDevice(caller: Caller, id: number, kind?: DeviceKind) {
    const [row] = await deviceQuery()
      .where(and(eq(devices.id, id), kind ? eq(devices.kind, kind) : undefined, plantScope(caller)))
      .limit(1);
    if (!row) throw notFound();
    requireTypePerm(caller, row.kind);
    return row;
  }
  return { scopedDevice };
}

/** The device center's pages and one device's detail. */
function createDeviceReads(ctx: DeviceDeps) {
  const { db } = ctx;
  const { dongleQuery, pageDongles } = createDonglePage(ctx);
  const { pageDevices } = createDevicePage(ctx);
  const { scopedDevice } = createDeviceAccess(ctx);
  return {
    async page(
      caller: Caller,
      q: SortedPageQuery<DeviceSort>,
      f: DevicePageBody,
    ): Promise<PageResult<DeviceRow>> {
      requireTypePerm(caller, f.deviceType);
      return f.deviceType === 'DONGLE' ? pageDongles(caller, q, f) : pageDevices(caller, q, f, f.deviceType);
    },

    async detail(caller: Caller, type: DeviceType, id: number): Promise<DeviceDetail> {
      requireTypePerm(caller, type);
      if (type === 'DONGLE') {
        const [row] = await dongleQuery()
          .where(and(eq(dongles.id, id), plantScope(caller)))
          .limit(1);
        if (!row) throw notFound();
        const list = await db
          .select({
            id: devices.id,
            kind: devices.kind,
            sn: devices.sn,
            model: devices.model,
            status: devices.status,
          })
          .from(devices)
          .where(eq(devices.dongleId, row.id))
          .orderBy(asc(devices.kind), asc(devices.sn));
        return {
          ...dongleRow(row),
          timezone: row.timezone,
          latest: null,
          intervalSeconds: row.intervalSeconds,
          devices: list,
        };
      }
      const row = await scopedDevice(caller, id, type);
      const [latest] = await db
        .select({ ts: deviceLatest.ts, data: deviceLatest.data })
        .from(deviceLatest)
        .where(eq(deviceLatest.deviceId, row.id));
      return {
        ...deviceRow(row),
        timezone: row.timezone,
        latest: latest ? { ts: latest.ts.toISOString(), data: latest.data } : null,
      };
    },
  };
}

function createDeviceHistory(ctx: DeviceDeps) {
  const { db } = ctx;
  const { scopedDevice } = createDeviceAccess(ctx);
  return {
    /** The chosen metrics of one device over one local day of its plant, in 5-minute buckets. */
    async history(caller: Caller, body: DeviceHistoryBody): Promise<DeviceHistory> {
      const device = await scopedDevice(caller, body.deviceId);
      const kind = device.kind;
      const metrics = [...new Set(body.metrics)];
      const bad = unknownMetric(kind, metrics);
      if (bad !== null) throw invalidField('metrics', 'device.metricUnknown', 400, { metric: bad });
      const defs = metrics.map((key) => metricDef(kind, key)!);
      const value = (key: string) => sql`(s.data->>${key}::text)::float8`;
      // Gauges are averaged; a counter's bucket is its largest reading, a state's its last one. A counter
      // leaves out the readings metering set aside that nobody accepted: they are markers (`setAside`).
      const columns = defs.map((def, i) => {
        const v = value(def.key);
        const agg =
          def.type === 'gauge'
            ? sql`avg(${v})`
            : def.type === 'counter'
              ? sql`max(${v}) FILTER (WHERE sa.ts IS NULL)`
              : sql`(array_agg(${v} ORDER BY s.ts DESC) FILTER (WHERE ${v} IS NOT NULL))[1]`;
        return sql`${agg}::float8 AS ${sql.identifier(`m${i}`)}`;
      });
      const tz = device.timezone;
      const from = localMidnightSql(body.date, sql`${tz}::text`);
      const to = localMidnightSql(addDays(body.date, 1), sql`${tz}::text`);
      const rows = await sqlRows<{ bucket: number } & Record<string, number | null>>(
        db,
        sql`
        SELECT floor(extract(epoch FROM s.ts) / ${HISTORY_BUCKET_SECONDS}::int)::float8 * ${HISTORY_BUCKET_SECONDS}::int AS bucket,
          ${sql.join(columns, sql`, `)}
        FROM telemetry_samples s
        LEFT JOIN set_aside_readings sa ON sa.device_id = s.device_id AND sa.ts = s.ts
          AND sa.decision IS DISTINCT FROM 'ACCEPTED'
        WHERE s.device_id = ${device.id} AND s.ts >= ${from} AND s.ts < ${to}
        GROUP BY 1
        ORDER BY 1`,
      );
      const counters = defs.filter((d) => d.type === 'counter').map((d) => d.key);
      const setAside = counters.length
        ? await sqlRows<{
            ts: number;
            counter: string;
            value: number;
            reason: SetAsideReason;
            decision: ReadingDecisionKind | null;
          }>(
            db,
            sql`
            SELECT round(extract(epoch FROM ts) * 1000)::float8 AS ts, counter, value, reason, decision
            FROM set_aside_readings
            WHERE device_id = ${device.id} AND ts >= ${from} AND ts < ${to}
              AND counter = ANY(${textArray(counters)}) AND value IS NOT NULL
            ORDER BY ts`,
          )
        : [];
      return {
        date: body.date,
        timezone: tz,
        series: defs.map((def, i) => ({
          metric: def.key,
          unit: def.unit,
          points: rows
            .filter((r) => r[`m${i}`] !== null && r[`m${i}`] !== undefined)
            .map((r) => [r.bucket * 1000, roundKwh(Number(r[`m${i}`]))] as [number, number]),
        })),
        setAside: setAside.map((r) => ({ ...r, ts: Number(r.ts), value: Number(r.value) })),
      };
    },
  };
}
