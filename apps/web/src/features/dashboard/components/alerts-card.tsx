import type { RecentAlert } from '@pvstar/contract/dashboard';
import { Card, Empty, List, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../components/format.ts';

/** The newest alarms in scope (the alarm issue fills them; until then the empty state). */
export function AlertsCard({ alerts }: { alerts: RecentAlert[] }) {
  const { t } = useTranslation('dashboard');
  return (
    <Card size="small" title={t('alerts.title')} style={{ height: '100%' }} data-testid="recent-alerts">
      {alerts.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('alerts.none')} />
      ) : (
        <List
          size="small"
          dataSource={alerts}
          renderItem={(a) => (
            <List.Item key={a.id}>
              <List.Item.Meta
                title={
                  <span>
                    <Tag color={a.clearedAt ? 'default' : 'error'}>{a.faultCode}</Tag>
                    {a.faultName}
                  </span>
                }
                description={
                  <Typography.Text type="secondary" ellipsis>
                    {`${a.stationName}${a.deviceSn ? ` · ${a.deviceSn}` : ''} · ${formatDateTime(a.raisedAt)}`}
                  </Typography.Text>
                }
              />
            </List.Item>
          )}
        />
      )}
    </Card>
  );
}
