import {
  AlertOutlined,
  ApartmentOutlined,
  AppstoreOutlined,
  BarChartOutlined,
  CloudUploadOutlined,
  DashboardOutlined,
  DatabaseOutlined,
  HddOutlined,
  HomeOutlined,
  SettingOutlined,
  SunOutlined,
} from '@ant-design/icons';
import type { ReactNode } from 'react';

/** Icons by the `icon` names of MENU_TREE. */
const ICONS: Record<string, ReactNode> = {
  dashboard: <DashboardOutlined />,
  station: <SunOutlined />,
  alarm: <AlertOutlined />,
  device: <HddOutlined />,
  upgrade: <CloudUploadOutlined />,
  owner: <HomeOutlined />,
  basic: <DatabaseOutlined />,
  organization: <ApartmentOutlined />,
  system: <SettingOutlined />,
  report: <BarChartOutlined />,
};

export function MenuIcon({ name }: { name?: string | undefined }) {
  return <>{(name && ICONS[name]) ?? <AppstoreOutlined />}</>;
}
