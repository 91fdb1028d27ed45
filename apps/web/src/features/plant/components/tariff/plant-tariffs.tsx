import { DollarOutlined, PlusOutlined } from '@ant-design/icons';
import {
  TARIFF_DIRECTIONS,
  type TariffDirection,
  type TariffPeriod,
  type TariffRecompute,
} from '@pvstar/contract/tariff';
import { Alert, Button, Card, Flex, Progress, Table, type TableColumnsType, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../../../components/energy-format.ts';
import { formatDay } from '../../../../components/format.ts';
import { useDeletePeriod, useTariffs } from '../../api/tariff-api.ts';
import { formatPrice } from '../price.ts';
import { tariffColumns } from './tariff-columns.tsx';
import { TariffImport } from './tariff-import.tsx';
import { DIRECTION_LABEL, TariffPeriodForm } from './tariff-period-form.tsx';

/** How far the recomputation of past days is: under way with done/total days, done, or failed. */
function RecomputeState({ r }: { r: TariffRecompute }) {
  const { t } = useTranslation();
  if (r.state === 'IDLE') return null;
  const from = formatDay(r.from);
  const to = formatDay(r.to);
  if (r.state === 'DONE')
    return (
      <Typography.Text type="secondary" data-testid="tariff-recompute">
        {t('tariff:recompute.done', { from, to })}
      </Typography.Text>
    );
  if (r.state === 'FAILED')
    return (
      <Alert type="error" showIcon title={t('tariff:recompute.failed')} data-testid="tariff-recompute" />
    );
  return (
    <Alert
      type="info"
      showIcon
      data-testid="tariff-recompute"
      title={t(r.state === 'PENDING' ? 'tariff:recompute.pending' : 'tariff:recompute.running', {
        done: formatNumber(r.doneDays, 0),
        total: formatNumber(r.totalDays, 0),
        from,
        to,
      })}
      description={
        <Progress percent={r.totalDays ? Math.floor((100 * r.doneDays) / r.totalDays) : 0} size="small" />
      }
    />
  );
}

/**
 * A plant's tariffs (its information page): the periods of feed-in and purchase, what applies on the
 * days none covers (the plant's prices), the recomputation of past days after a change; its managers add,
 * change and delete periods and import dynamic prices.
 */
export function PlantTariffs({ plantId, canEdit }: { plantId: number; canEdit: boolean }) {
  const { t } = useTranslation();
  const tariffs = useTariffs(plantId);
  const remove = useDeletePeriod();
  const [editing, setEditing] = useState<{ period: TariffPeriod | null; direction: TariffDirection } | null>(
    null,
  );
  const [importing, setImporting] = useState<TariffPeriod | null>(null);
  const data = tariffs.data;
  const currency = data?.currency ?? 'EUR';
  const price = (v: number | null) => formatPrice(v, currency);

  const columns = tariffColumns({ t, price, canEdit, remove, setImporting, setEditing });

  return (
    <Card
      size="small"
      title={
        <Flex gap={8} align="center">
          <DollarOutlined />
          {t('tariff:section.title')}
        </Flex>
      }
      data-testid="plant-tariffs"
    >
      <Flex vertical gap={12}>
        {data && (
          <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
            {t('tariff:section.intro', {
              feedIn: price(data.feedInPrice),
              purchase: price(data.purchasePrice),
              zone: data.timezone,
            })}
          </Typography.Paragraph>
        )}
        {data && <RecomputeState r={data.recompute} />}
        {TARIFF_DIRECTIONS.map((direction) => (
          <DirectionTable
            key={direction}
            direction={direction}
            canEdit={canEdit}
            onAdd={() => setEditing({ period: null, direction })}
            columns={columns}
            periods={(data?.periods ?? []).filter((p) => p.direction === direction)}
            loading={tariffs.isPending}
          />
        ))}
      </Flex>
      {editing && (
        <TariffPeriodForm
          stationId={plantId}
          currency={currency}
          period={editing.period}
          direction={editing.direction}
          onClose={() => setEditing(null)}
        />
      )}
      {importing && data && (
        <TariffImport
          period={importing}
          currency={currency}
          timezone={data.timezone}
          onClose={() => setImporting(null)}
        />
      )}
    </Card>
  );
}

function DirectionTable({
  direction,
  canEdit,
  onAdd,
  columns,
  periods,
  loading,
}: {
  direction: TariffDirection;
  canEdit: boolean;
  onAdd: () => void;
  columns: TableColumnsType<TariffPeriod>;
  periods: TariffPeriod[];
  loading: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Flex vertical gap={6} data-testid={`tariff-${direction}`}>
      <Flex justify="space-between" align="center" gap={8} wrap>
        <Typography.Text strong>{t(DIRECTION_LABEL[direction])}</Typography.Text>
        {canEdit && (
          <Button
            size="small"
            icon={<PlusOutlined />}
            onClick={onAdd}
            data-testid={`tariff-add-${direction}`}
          >
            {t('tariff:list.add')}
          </Button>
        )}
      </Flex>
      <Table<TariffPeriod>
        rowKey="id"
        size="small"
        columns={columns}
        dataSource={periods}
        loading={loading}
        pagination={false}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: t('tariff:list.empty') }}
      />
    </Flex>
  );
}
