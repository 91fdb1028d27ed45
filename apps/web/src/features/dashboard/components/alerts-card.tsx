import type { RecentAlert } from '@pvstar/contract/dashboard';
import { PERM } from '@pvstar/contract/perm';
import { Card, Empty, List, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatZonedDateTime } from '../../../components/format.ts';
import { alarmLinks, plantLinks } from '../../../components/page-links.ts';
import { AlarmLevelTag, AlarmStatusTag } from '../../../entities/alarm/alarm-tags.tsx';
import { usePerm } from '../../../permissions/perm.tsx';

/**
 * The latest alarms in scope: the ongoing ones first, then the ended ones, which say so (beside "active
 * alarms: 0" an unmarked fault would read as one still going on). Each opens its detail in the alert
 * center, or the plant's alarm tab for those who may not open the alert center.
 */
export function AlertsCard({ alerts }: { alerts: RecentAlert[] }) {
  const { t } = useTranslation('dashboard');
  const mayOpenCenter = usePerm([PERM.faultAlarm]);
  const href = (a: RecentAlert) =>
    mayOpenCenter ? alarmLinks.center(a.id) : plantLinks.detail(a.plantId, 'alarms');
  return (
    <Card
      size="small"
      title={t('alerts.title')}
      extra={
        mayOpenCenter && (
          <Link to={alarmLinks.center()} data-testid="recent-alerts-all">
            {t('alerts.all')}
          </Link>
        )
      }
      style={{ height: '100%' }}
      data-testid="recent-alerts"
    >
      {alerts.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('alerts.none')} />
      ) : (
        <List
          size="small"
          dataSource={alerts}
          renderItem={(a) => (
            <List.Item
              key={a.id}
              data-testid="recent-alert"
              data-id={a.id}
              data-sn={a.deviceSn ?? ''}
              data-ended={a.clearedAt !== null}
            >
              <List.Item.Meta
                title={
                  <div style={{ display: 'flex', alignItems: 'center', gap: 4, minWidth: 0 }}>
                    <AlarmLevelTag level={a.level} />
                    {a.clearedAt !== null && <AlarmStatusTag status="ENDED" />}
                    <Link to={href(a)} style={{ minWidth: 0 }} data-testid="recent-alert-link">
                      <Typography.Text
                        ellipsis={{ tooltip: `${a.faultCode} · ${a.faultName}` }}
                        style={{ color: 'inherit', maxWidth: '100%' }}
                      >
                        {a.faultName}
                      </Typography.Text>
                    </Link>
                  </div>
                }
                description={
                  <div style={{ minWidth: 0, fontSize: 12 }}>
                    <Typography.Text
                      type="secondary"
                      ellipsis={{ tooltip: a.stationName }}
                      style={{ maxWidth: '100%', fontSize: 12, display: 'block' }}
                    >
                      {a.stationName}
                    </Typography.Text>
                    <Typography.Text type="secondary" style={{ fontSize: 12, whiteSpace: 'nowrap' }}>
                      {[a.deviceSn, formatZonedDateTime(a.raisedAt, a.timezone, false, { zone: true })]
                        .filter(Boolean)
                        .join(' · ')}
                    </Typography.Text>
                  </div>
                }
              />
            </List.Item>
          )}
        />
      )}
    </Card>
  );
}
