import { DollarOutlined, PlusOutlined } from '@ant-design/icons';
import {
  TARIFF_DIRECTIONS,
  type TariffDirection,
  type TariffPeriod,
  type TariffRecompute,
} from '@pvstar/contract/tariff';
import {
  Alert,
  Button,
  Card,
  Flex,
  Popconfirm,
  Progress,
  Table,
  type TableColumnsType,
  Tag,
  Typography,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../../../components/energy-format.ts';
import { formatDay } from '../../../../components/format.ts';
import { useDeletePeriod, useTariffs } from '../../api/tariff-api.ts';
import { formatPrice } from '../price.ts';
import { TariffImport } from './tariff-import.tsx';
import { DIRECTION_LABEL, KIND_LABEL, TariffPeriodForm } from './tariff-period-form.tsx';

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

  const describe = (p: TariffPeriod) => {
    if (p.kind === 'FLAT') return price(p.price);
    if (p.kind === 'TOU')
      return (
        <Flex vertical>
          <span>{t('tariff:list.bands', { n: formatNumber(p.bands.length, 0) })}</span>
          <Typography.Text type="secondary">
            {t('tariff:list.otherwise', { price: price(p.price) })}
          </Typography.Text>
        </Flex>
      );
    return (
      <Flex vertical>
        <span>{t('tariff:list.prices', { n: formatNumber(p.priceCount, 0) })}</span>
        {p.resolutionMinutes && (
          <Typography.Text type="secondary">
            {t('tariff:import.minutes', { n: p.resolutionMinutes })}
          </Typography.Text>
        )}
      </Flex>
    );
  };

  const columns: TableColumnsType<TariffPeriod> = [
    {
      key: 'valid',
      title: t('tariff:list.valid'),
      render: (_, p) => (
        <span style={{ whiteSpace: 'nowrap' }} data-testid={`tariff-valid-${p.id}`}>
          {formatDay(p.validFrom)} – {p.validTo ? formatDay(p.validTo) : t('tariff:list.open')}
        </span>
      ),
    },
    { key: 'kind', title: t('tariff:list.kind'), render: (_, p) => <Tag>{t(KIND_LABEL[p.kind])}</Tag> },
    { key: 'price', title: t('tariff:list.price'), render: (_, p) => describe(p) },
    {
      key: 'fee',
      title: t('tariff:list.gridFee'),
      render: (_, p) => (p.direction === 'PURCHASE' ? price(p.gridFee) : '—'),
    },
    ...(canEdit
      ? [
          {
            key: 'actions',
            title: '',
            align: 'right' as const,
            render: (_: unknown, p: TariffPeriod) => (
              <Flex gap={4} justify="flex-end" wrap>
                {p.kind === 'DYNAMIC' && (
                  <Button size="small" onClick={() => setImporting(p)} data-testid={`tariff-import-${p.id}`}>
                    {t('tariff:list.import')}
                  </Button>
                )}
                <Button
                  size="small"
                  onClick={() => setEditing({ period: p, direction: p.direction })}
                  data-testid={`tariff-edit-${p.id}`}
                >
                  {t('tariff:list.edit')}
                </Button>
                <Popconfirm
                  title={t('tariff:list.deleteConfirm')}
                  onConfirm={() => remove.mutateAsync(p.id)}
                  okButtonProps={{ danger: true }}
                >
                  <Button size="small" danger data-testid={`tariff-delete-${p.id}`}>
                    {t('tariff:list.delete')}
                  </Button>
                </Popconfirm>
              </Flex>
            ),
          },
        ]
      : []),
  ];

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
          <Flex vertical gap={6} key={direction} data-testid={`tariff-${direction}`}>
            <Flex justify="space-between" align="center" gap={8} wrap>
              <Typography.Text strong>{t(DIRECTION_LABEL[direction])}</Typography.Text>
              {canEdit && (
                <Button
                  size="small"
                  icon={<PlusOutlined />}
                  onClick={() => setEditing({ period: null, direction })}
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
              dataSource={(data?.periods ?? []).filter((p) => p.direction === direction)}
              loading={tariffs.isPending}
              pagination={false}
              scroll={{ x: 'max-content' }}
              locale={{ emptyText: t('tariff:list.empty') }}
            />
          </Flex>
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
