import type { TariffPeriod } from '@pvstar/contract/tariff';
import { Button, Flex, Popconfirm, type TableColumnsType, Tag, Typography } from 'antd';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { formatNumber } from '../../../../components/energy-format.ts';
import { formatDay } from '../../../../components/format.ts';
import type { useDeletePeriod } from '../../api/tariff-api.ts';
import { KIND_LABEL } from './tariff-period-form.tsx';

interface Ctx {
  t: TFunction;
  price: (v: number | null) => string;
  canEdit: boolean;
  remove: ReturnType<typeof useDeletePeriod>;
  setImporting: (p: TariffPeriod) => void;
  setEditing: (e: { period: TariffPeriod; direction: TariffPeriod['direction'] }) => void;
}

/** The columns of a tariff table; its managers get the actions. */
export function tariffColumns(c: Ctx): TableColumnsType<TariffPeriod> {
  const { canEdit } = c;
  return [...periodColumns(c), ...(canEdit ? [actionsColumn(c)] : [])];
}

function periodColumns({ t, price }: Ctx): TableColumnsType<TariffPeriod> {
  const describe = (p: TariffPeriod): ReactNode => {
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

  return [
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
  ];
}

function actionsColumn({ t, remove, setImporting, setEditing }: Ctx) {
  return {
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
  };
}
