import {
  DEVICE_TYPE_PERM,
  type DevicePageBody,
  type DeviceRow,
  type DeviceType,
} from '@pvstar/contract/device';
import { device } from '@pvstar/contract/endpoints/device';
import { DEVICE_STATUSES } from '@pvstar/contract/enum-values';
import { PERM } from '@pvstar/contract/perm';
import { Form, type FormInstance, Segmented, Tag } from 'antd';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { FilterBar, FilterChoice, FilterText } from '../../../components/filter-bar.tsx';
import { lazyRetrying } from '../../../components/lazy-retrying.ts';
import { ListLayout } from '../../../components/list-layout.tsx';
import { deviceStatusLabel } from '../../../components/monitor-labels.ts';
import { OnceOpened } from '../../../components/once-opened.tsx';
import { PageTable } from '../../../components/page-table.tsx';
import { hasPerm } from '../../../permissions/perm.tsx';
import { useCanManage } from '../../../permissions/use-can-manage.ts';
import { useSession } from '../../../stores/session.ts';
import { useDeviceColumns } from './device-columns.tsx';
import type { ReplaceTarget } from './device-replace-modal.tsx';

// The drawers and the replacement dialog load when first opened: most visits only read the list.
const DeviceDetailDrawer = lazyRetrying(() =>
  import('./device-detail-drawer.tsx').then((m) => ({ default: m.DeviceDetailDrawer })),
);
const DeviceReplaceModal = lazyRetrying(() =>
  import('./device-replace-modal.tsx').then((m) => ({ default: m.DeviceReplaceModal })),
);
const ParamsDrawer = lazyRetrying(() =>
  import('./params-drawer.tsx').then((m) => ({ default: m.ParamsDrawer })),
);

/** The list title of each device type (plural). */
export const listTitle = (t: TFunction, type: DeviceType): string =>
  ({
    INVERTER: t('device:list.INVERTER'),
    DONGLE: t('menu:deviceDongle'),
    BATTERY: t('menu:deviceBattery'),
    METER: t('device:list.METER'),
    EV_CHARGER: t('device:list.EV_CHARGER'),
    HEAT_PUMP: t('device:list.HEAT_PUMP'),
  })[type];

type Filter = Omit<DevicePageBody, 'deviceType' | 'plantId'>;

/** The filters of one type's list; a dongle has no manufacturer or model to filter by. */
function DeviceFilter({
  type,
  form,
  onSearch,
}: {
  type: DeviceType;
  form: FormInstance<Filter>;
  onSearch: (filter: Filter) => void;
}) {
  const { t } = useTranslation();
  const isDongle = type === 'DONGLE';
  return (
    <FilterBar<Filter> key={type} name={`device-filter-${type}`} form={form} onSearch={onSearch}>
      <FilterText name="sn" label={t('device:field.sn')} width={170} testId="filter-sn" />
      <FilterText
        name="stationName"
        label={t('device:field.plant')}
        width={170}
        placeholder={t('device:filter.plantName')}
        testId="filter-plant"
      />
      <FilterChoice
        name="status"
        label={t('device:field.status')}
        width={150}
        options={DEVICE_STATUSES.map((s) => ({
          value: s,
          label: deviceStatusLabel(t, s),
        }))}
        testId="filter-status"
      />
      {!isDongle && (
        <FilterText
          name="manufacturer"
          label={t('device:field.manufacturer')}
          width={150}
          testId="filter-manufacturer"
        />
      )}
      {!isDongle && (
        <FilterText name="model" label={t('device:field.model')} width={150} testId="filter-model" />
      )}
    </FilterBar>
  );
}

/**
 * A device list with its filters and the detail drawer. The URL holds what can be linked: `type` (the
 * tab, when the page shows several types), `id` (the open detail) and `plantId` (one plant only).
 */
export function DeviceListPage({ types }: { types: DeviceType[] }) {
  const { t } = useTranslation();
  const perms = useSession((s) => s.perms);
  const [params, setParams] = useSearchParams();
  const allowed = types.filter((ty) => hasPerm(perms, [DEVICE_TYPE_PERM[ty]]));
  const asked = params.get('type') as DeviceType | null;
  const type = asked && allowed.includes(asked) ? asked : (allowed[0] ?? types[0]!);
  const id = Number(params.get('id')) || null;
  const plantId = Number(params.get('plantId')) || undefined;
  const [filter, setFilter] = useState<Filter>({});
  const [filterForm] = Form.useForm<Filter>();
  const [paramsOf, setParamsOf] = useState<DeviceRow | null>(null);
  const [replacing, setReplacing] = useState<ReplaceTarget | null>(null);
  // Replacing a device changes the plant's devices: its managers only, as the server says (PERM.stationEdit).
  const canReplace = useCanManage([PERM.stationEdit]);
  const onReplace = canReplace ? setReplacing : undefined;
  const columns = useDeviceColumns(
    type,
    (row: DeviceRow) =>
      setParams((p) => {
        p.set('id', String(row.id));
        return p;
      }),
    hasPerm(perms, [PERM.remoteRead]) ? setParamsOf : undefined,
    onReplace && ((row) => onReplace({ deviceType: row.deviceType, id: row.id, sn: row.sn })),
  );

  const setType = (next: DeviceType) => {
    filterForm.resetFields();
    setFilter({});
    setParams((p) => {
      p.set('type', next);
      p.delete('id');
      return p;
    });
  };
  // A list filtered on the old serial would show nothing once it is replaced: it follows the new one.
  const followReplacement = (newSn: string) => {
    if (!filter.sn || newSn.toUpperCase().includes(filter.sn.toUpperCase())) return;
    filterForm.setFieldValue('sn', newSn);
    setFilter({ ...filter, sn: newSn });
  };
  const body: DevicePageBody = { ...filter, deviceType: type, ...(plantId ? { plantId } : {}) };

  return (
    <>
      <ListLayout
        filter={<DeviceFilter type={type} form={filterForm} onSearch={setFilter} />}
        title={
          allowed.length > 1 ? (
            <Segmented<DeviceType>
              value={type}
              onChange={setType}
              options={allowed.map((ty) => ({ value: ty, label: listTitle(t, ty) }))}
              data-testid="device-type-switch"
            />
          ) : (
            listTitle(t, type)
          )
        }
        extra={
          plantId && (
            <Tag
              closable
              color="blue"
              onClose={() =>
                setParams((p) => {
                  p.delete('plantId');
                  return p;
                })
              }
              data-testid="plant-filter-tag"
            >
              {t('device:filter.onePlant')}
            </Tag>
          )
        }
      >
        <PageTable endpoint={device.page} filter={body} columns={columns} data-testid="device-table" />
      </ListLayout>
      <OnceOpened open={paramsOf !== null}>
        <ParamsDrawer device={paramsOf} onClose={() => setParamsOf(null)} />
      </OnceOpened>
      <OnceOpened open={replacing !== null}>
        <DeviceReplaceModal
          target={replacing}
          onClose={() => setReplacing(null)}
          onReplaced={followReplacement}
        />
      </OnceOpened>
      <OnceOpened open={id !== null}>
        <DeviceDetailDrawer
          type={type}
          id={id}
          onReplace={onReplace}
          onClose={() =>
            setParams((p) => {
              p.delete('id');
              return p;
            })
          }
        />
      </OnceOpened>
    </>
  );
}
