import { UploadOutlined } from '@ant-design/icons';
import type { TariffImportResult, TariffPeriod } from '@pvstar/contract/tariff';
import { Alert, App, Button, Descriptions, Flex, Modal, Radio, Table, Typography, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../../api/http.ts';
import { formatNumber } from '../../../../components/energy-format.ts';
import { formatZonedDateTime } from '../../../../components/format.ts';
import { useImportPrices } from '../../api/tariff-api.ts';
import { formatPrice } from '../price.ts';

/**
 * Importing a dynamic period's day-ahead prices: choose a CSV or xlsx file and its unit, see a preview
 * (count, step, first and last time, lowest, highest and mean price, the first rows) or every bad line
 * the server names, then save.
 */
export function TariffImport(props: {
  period: TariffPeriod;
  currency: string;
  timezone: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [file, setFile] = useState<File | null>(null);
  const [unit, setUnit] = useState<'KWH' | 'MWH'>('KWH');
  const [preview, setPreview] = useState<TariffImportResult | null>(null);
  const [problems, setProblems] = useState<string[]>([]);
  const send = useImportPrices();
  const price = (v: number) => formatPrice(v, props.currency);
  const at = (iso: string) => formatZonedDateTime(iso, props.timezone);

  const run = async (commit: boolean) => {
    if (!file) return;
    setProblems([]);
    try {
      const result = await send.mutateAsync({ periodId: props.period.id, file, unit, commit });
      if (commit) {
        message.success(t('tariff:import.saved', { n: formatNumber(result.count, 0) }));
        props.onClose();
      } else setPreview(result);
    } catch (err) {
      setPreview(null);
      if (err instanceof ApiError && Object.keys(err.fields).length) setProblems(Object.values(err.fields));
      else message.error(String((err as Error).message));
    }
  };

  return (
    <Modal
      open
      title={t('tariff:import.title')}
      onCancel={props.onClose}
      width={720}
      footer={
        <Flex gap={8} justify="flex-end">
          <Button onClick={props.onClose}>{t('tariff:import.cancel')}</Button>
          <Button
            disabled={!file}
            loading={send.isPending && !preview}
            onClick={() => run(false)}
            data-testid="tariff-import-preview"
          >
            {t('tariff:import.preview')}
          </Button>
          <Button
            type="primary"
            disabled={!preview}
            loading={send.isPending && !!preview}
            onClick={() => run(true)}
            data-testid="tariff-import-save"
          >
            {t('tariff:import.save')}
          </Button>
        </Flex>
      }
    >
      <Flex vertical gap={12}>
        <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
          {t('tariff:import.help', { zone: props.timezone })}
        </Typography.Paragraph>
        <Flex gap={12} wrap align="center">
          <Upload
            accept=".csv,.txt,.xlsx"
            maxCount={1}
            beforeUpload={(f) => {
              setFile(f);
              setPreview(null);
              setProblems([]);
              return false;
            }}
            onRemove={() => setFile(null)}
            data-testid="tariff-import-file"
          >
            <Button icon={<UploadOutlined />}>{t('tariff:import.choose')}</Button>
          </Upload>
          <Radio.Group
            value={unit}
            onChange={(e) => setUnit(e.target.value)}
            options={[
              { value: 'KWH', label: `${props.currency}/kWh` },
              { value: 'MWH', label: `${props.currency}/MWh` },
            ]}
          />
        </Flex>
        {problems.length > 0 && (
          <Alert
            type="error"
            showIcon
            title={t('tariff:import.problems', { n: problems.length })}
            description={
              <ul style={{ margin: 0, paddingInlineStart: 18 }} data-testid="tariff-import-problems">
                {problems.slice(0, 20).map((p) => (
                  <li key={p}>{p}</li>
                ))}
              </ul>
            }
          />
        )}
        {preview && (
          <Flex vertical gap={8} data-testid="tariff-import-summary">
            <Descriptions size="small" column={{ xs: 1, sm: 2 }} bordered>
              <Descriptions.Item label={t('tariff:import.count')}>
                {formatNumber(preview.count, 0)}
              </Descriptions.Item>
              <Descriptions.Item label={t('tariff:import.step')}>
                {t('tariff:import.minutes', { n: preview.resolutionMinutes })}
              </Descriptions.Item>
              <Descriptions.Item label={t('tariff:import.first')}>{at(preview.firstAt)}</Descriptions.Item>
              <Descriptions.Item label={t('tariff:import.last')}>{at(preview.lastAt)}</Descriptions.Item>
              <Descriptions.Item label={t('tariff:import.min')}>{price(preview.min)}</Descriptions.Item>
              <Descriptions.Item label={t('tariff:import.max')}>{price(preview.max)}</Descriptions.Item>
              <Descriptions.Item label={t('tariff:import.mean')}>{price(preview.mean)}</Descriptions.Item>
            </Descriptions>
            <Table
              size="small"
              rowKey="time"
              pagination={false}
              dataSource={preview.sample}
              columns={[
                { key: 'time', title: t('tariff:import.time'), render: (_, r) => at(r.time) },
                { key: 'price', title: t('tariff:import.price'), render: (_, r) => price(r.price) },
              ]}
            />
          </Flex>
        )}
      </Flex>
    </Modal>
  );
}
