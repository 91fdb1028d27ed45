import { BellOutlined } from '@ant-design/icons';
import { PERM } from '@pvstar/contract/perm';
import { Badge, Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { formatNumber } from '../../components/energy-format.ts';
import { alarmLinks } from '../../components/page-links.ts';
import { useAlarmBell } from '../../entities/alarm/alarm-api.ts';
import { usePerm } from '../../permissions/perm.tsx';

/**
 * The header's bell: ongoing alarms nobody has acknowledged in the user's scope, read every half minute;
 * a click opens the alert center on exactly those. Without the alert center's code there is no bell.
 */
export function AlarmBell() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const allowed = usePerm([PERM.faultAlarm]);
  const count = useAlarmBell(allowed).data?.count;
  if (!allowed) return null;
  const label = t('layout.alarmBell', { n: formatNumber(count ?? 0, 0) });
  return (
    <Button
      type="text"
      aria-label={label}
      title={label}
      onClick={() => navigate(alarmLinks.activeUnacknowledged())}
      data-testid="alarm-bell"
      data-count={count ?? ''}
    >
      <Badge count={count} overflowCount={99} size="small" offset={[4, -2]}>
        <BellOutlined style={{ fontSize: 16 }} />
      </Badge>
    </Button>
  );
}
