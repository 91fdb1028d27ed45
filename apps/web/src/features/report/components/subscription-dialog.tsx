import { DeleteOutlined } from '@ant-design/icons';
import type { ReportSubscriptionRow } from '@pvstar/contract/report';
import { Alert, Button, Checkbox, Empty, Flex, Modal, Popconfirm, Spin, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/http.ts';
import { formatPeriod } from '../../../components/format.ts';
import {
  useAccountEmail,
  useDeleteSubscription,
  useSaveSubscription,
  useSubscriptions,
} from '../api/subscription-api.ts';
import { type PlantPick, PlantSelect } from './plant-select.tsx';

/** One subscription: its reports, its plants, what was sent last, and its delete. */
function SubscriptionItem({
  row,
  toggle,
  remove,
}: {
  row: ReportSubscriptionRow;
  toggle: (row: ReportSubscriptionRow, change: { monthly?: boolean; weekly?: boolean }) => void;
  remove: ReturnType<typeof useDeleteSubscription>;
}) {
  const { t } = useTranslation();
  return (
    <Flex
      gap={8}
      align="flex-start"
      justify="space-between"
      data-testid={`subscription-${row.id}`}
      style={{ borderBottom: '1px solid rgba(5,5,5,0.06)', paddingBottom: 8 }}
    >
      <Flex vertical gap={2} style={{ minWidth: 0 }}>
        <Flex wrap gap={12}>
          <Checkbox
            checked={row.monthly}
            disabled={row.monthly && !row.weekly}
            onChange={(e) => toggle(row, { monthly: e.target.checked })}
          >
            {t('reportSubscription:monthly')}
          </Checkbox>
          <Checkbox
            checked={row.weekly}
            disabled={row.weekly && !row.monthly}
            onChange={(e) => toggle(row, { weekly: e.target.checked })}
          >
            {t('reportSubscription:weekly')}
          </Checkbox>
        </Flex>
        <Typography.Text style={{ wordBreak: 'break-word' }}>
          {row.plants
            ? row.plants.map((p) => p.stationName).join(', ') || t('reportSubscription:noPlantsLeft')
            : t('reportSubscription:allPlants')}
        </Typography.Text>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {row.lastPeriod
            ? t('reportSubscription:lastSent', { period: formatPeriod(row.lastPeriod) })
            : t('reportSubscription:notSent')}
        </Typography.Text>
      </Flex>
      <Popconfirm title={t('reportSubscription:confirmDelete')} onConfirm={() => remove.mutateAsync(row.id)}>
        <Button
          type="text"
          danger
          icon={<DeleteOutlined />}
          aria-label={t('reportSubscription:delete')}
          data-testid={`subscription-delete-${row.id}`}
        />
      </Popconfirm>
    </Flex>
  );
}

/**
 * Reports by e-mail: the energy report of the previous month (on the 1st) and/or week (on Monday) as a
 * workbook with a short summary, of all the user's plants or chosen ones. The dialog lists the user's
 * subscriptions (each frequency switched in place, or ended) above the form that adds one. Without an
 * e-mail address on the account nothing can be subscribed, and the dialog says where to add one.
 */
export function SubscriptionDialog({
  open,
  onClose,
  mayPick,
}: {
  open: boolean;
  onClose: () => void;
  /** Whether the user may choose plants (the plant list's permission). */
  mayPick: boolean;
}) {
  const { t } = useTranslation();
  const subs = useSubscriptions(open);
  const email = useAccountEmail(open);
  const save = useSaveSubscription();
  const remove = useDeleteSubscription();
  const [monthly, setMonthly] = useState(true);
  const [weekly, setWeekly] = useState(false);
  const [plants, setPlants] = useState<PlantPick[]>([]);
  const [error, setError] = useState<string | null>(null);
  const noEmail = email.isSuccess && !email.data;

  const run = async (body: Parameters<typeof save.mutateAsync>[0]) => {
    setError(null);
    try {
      await save.mutateAsync(body);
      return true;
    } catch (e) {
      setError(e instanceof ApiError ? (Object.values(e.fields)[0] ?? e.message) : String(e));
      return false;
    }
  };
  const add = async () => {
    const plantIds = plants.map((p) => p.value);
    if (!(await run({ monthly, weekly, ...(plantIds.length ? { plantIds } : {}) }))) return;
    // Emptied rather than left as sent, which would only invite the same subscription again.
    setMonthly(false);
    setWeekly(false);
    setPlants([]);
  };
  const toggle = (row: ReportSubscriptionRow, change: { monthly?: boolean; weekly?: boolean }) =>
    run({
      id: row.id,
      monthly: change.monthly ?? row.monthly,
      weekly: change.weekly ?? row.weekly,
      ...(row.plants ? { plantIds: row.plants.map((p) => p.id) } : {}),
    });

  return (
    <Modal
      open={open}
      onCancel={onClose}
      footer={null}
      width={600}
      title={t('reportSubscription:title')}
      data-testid="subscription-dialog"
      destroyOnHidden
    >
      <Flex vertical gap={16}>
        {noEmail ? (
          <Alert
            type="warning"
            showIcon
            title={t('reportSubscription:noEmail')}
            data-testid="subscription-no-email"
          />
        ) : (
          <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
            {t('reportSubscription:intro', { email: email.data ?? '…' })}
          </Typography.Paragraph>
        )}
        {error && (
          <Alert
            type="error"
            showIcon
            title={error}
            closable
            onClose={() => setError(null)}
            data-testid="subscription-error"
          />
        )}

        <Flex vertical gap={8} data-testid="subscription-list">
          <Typography.Text strong>{t('reportSubscription:listTitle')}</Typography.Text>
          {subs.isLoading ? (
            <Spin />
          ) : !subs.data?.list.length ? (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('reportSubscription:empty')} />
          ) : (
            subs.data.list.map((row) => (
              <SubscriptionItem key={row.id} row={row} toggle={toggle} remove={remove} />
            ))
          )}
        </Flex>

        <Flex vertical gap={8} data-testid="subscription-form">
          <Typography.Text strong>{t('reportSubscription:newTitle')}</Typography.Text>
          <Flex wrap gap={12} align="center">
            <Checkbox
              checked={monthly}
              onChange={(e) => setMonthly(e.target.checked)}
              data-testid="subscription-monthly"
            >
              {t('reportSubscription:monthly')}
            </Checkbox>
            <Checkbox
              checked={weekly}
              onChange={(e) => setWeekly(e.target.checked)}
              data-testid="subscription-weekly"
            >
              {t('reportSubscription:weekly')}
            </Checkbox>
          </Flex>
          {mayPick && <PlantSelect value={plants} onChange={setPlants} />}
          <Flex justify="flex-end">
            <Button
              type="primary"
              disabled={noEmail || (!monthly && !weekly)}
              loading={save.isPending}
              onClick={add}
              data-testid="subscription-add"
            >
              {t('reportSubscription:add')}
            </Button>
          </Flex>
        </Flex>
      </Flex>
    </Modal>
  );
}
