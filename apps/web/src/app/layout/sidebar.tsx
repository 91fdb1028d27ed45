import { SunFilled } from '@ant-design/icons';
import { Grid, Layout, Menu, type MenuProps } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { useAppTitle } from '../../components/app-config.ts';
import { MenuIcon } from '../../components/menu-icon.tsx';
import type { NavItem } from '../../components/nav-context.ts';
import { useSession } from '../../stores/session.ts';
import { useSettings } from '../../stores/settings.ts';
import { useRouteHandle } from '../root-shell.tsx';

type Items = NonNullable<MenuProps['items']>;

/** The catalogs holding `path`, outermost first. */
function parentsOf(items: NavItem[], path: string, trail: string[] = []): string[] | null {
  for (const item of items) {
    if (item.path === path) return trail;
    if (item.children) {
      const found = parentsOf(item.children, path, [...trail, item.path]);
      if (found) return found;
    }
  }
  return null;
}

/** The left menu: the dashboard and what the user's permissions open; collapsed by default. */
export function Sidebar({ nav }: { nav: NavItem[] }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const handle = useRouteHandle();
  const appTitle = useAppTitle();
  const opened = useSettings((s) => s.sidebarOpened);
  const collapsed = !opened;
  // On a phone the menu slides over the page instead of squeezing it.
  const mobile = Grid.useBreakpoint().md === false;
  const perms = useSession((s) => s.perms);
  const selected = handle?.menuPath ?? pathname;
  const [openKeys, setOpenKeys] = useState<string[]>(() => parentsOf(nav, selected) ?? []);

  useEffect(() => {
    const parents = parentsOf(nav, selected);
    if (parents?.length) setOpenKeys((keys) => [...new Set([...keys, ...parents])]);
  }, [nav, selected]);

  const toItems = (items: NavItem[], top: boolean): Items =>
    items.map((item) => ({
      key: item.path,
      icon: top ? <MenuIcon name={item.icon} /> : undefined,
      label: t(`menu:${item.title}`),
      children: item.children ? toItems(item.children, false) : undefined,
    }));

  // Without any permission only /401 is open, so the dashboard is not offered either.
  const items: Items =
    perms.length === 0
      ? []
      : [
          { key: '/dashboard', icon: <MenuIcon name="dashboard" />, label: t('menu:dashboard') },
          ...toItems(nav, true),
        ];

  return (
    <Layout.Sider
      theme="light"
      collapsible
      collapsed={collapsed}
      trigger={null}
      width={256}
      collapsedWidth={mobile ? 0 : 80}
      className="pv-sider"
      style={{
        position: mobile ? 'fixed' : 'sticky',
        zIndex: mobile ? 100 : undefined,
        top: 0,
        height: '100vh',
        overflow: 'auto',
      }}
      data-testid="sidebar"
    >
      <div className="pv-logo" title={appTitle}>
        <SunFilled className="pv-logo-icon" />
        {!collapsed && <span className="pv-logo-title">{appTitle}</span>}
      </div>
      <Menu
        mode="inline"
        style={{ borderInlineEnd: 'none' }}
        items={items}
        selectedKeys={[selected]}
        {...(collapsed ? {} : { openKeys, onOpenChange: setOpenKeys })}
        onClick={({ key }) => {
          navigate(key);
          if (mobile) useSettings.getState().toggleSidebar();
        }}
      />
    </Layout.Sider>
  );
}
