import type { DeviceRow } from '@pvstar/contract/device';
import { Drawer, Grid, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { RemoteParameters } from '../../../entities/remote/remote-parameters.tsx';

/** An inverter's remote parameters and change log, opened from its row in the list. */
export function ParamsDrawer({ device, onClose }: { device: DeviceRow | null; onClose: () => void }) {
  const { t } = useTranslation();
  const screens = Grid.useBreakpoint();
  return (
    <Drawer
      open={device !== null}
      onClose={onClose}
      size={screens.lg ? 1100 : '100%'}
      destroyOnHidden
      title={
        <Typography.Text ellipsis style={{ maxWidth: '100%' }}>
          {t('remote:title')}
          {device ? ` · ${device.sn}` : ''}
        </Typography.Text>
      }
      data-testid="device-params-drawer"
    >
      {device && <RemoteParameters deviceId={device.id} />}
    </Drawer>
  );
}
