import { MenuFoldOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
import { PERM } from '@pvstar/contract/perm';
import { Breadcrumb, Button, Grid, Layout, Space } from 'antd';
import { Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LanguageSwitch } from '../../components/language-switch.tsx';
import { lazyRetrying, whenIdle } from '../../components/lazy-retrying.ts';
import { usePerm } from '../../permissions/perm.tsx';
import { useSettings } from '../../stores/settings.ts';
import { useRouteHandle } from '../root-shell.tsx';
import { SizeSwitch } from './size-switch.tsx';
import { UserMenu } from './user-menu.tsx';

// The bell (its badge and the alarm calls) loads after the shell: the page's first load stays in budget.
const AlarmBell = lazyRetrying(() => import('./alarm-bell.tsx').then((m) => ({ default: m.AlarmBell })));
// The plant search (a Select and its list) once the page is idle: its shortcuts work from then on.
const PlantSearch = lazyRetrying(() =>
  import('../../features/plant-search/plant-search.tsx').then((m) => ({ default: m.PlantSearch })),
);

/**
 * The fixed header: sidebar toggle, breadcrumb, the plant search (on a desktop, for those who may list and
 * open plants), the alarm bell, language, size and the user's menu.
 */
export function HeaderBar() {
  const { t } = useTranslation();
  const opened = useSettings((s) => s.sidebarOpened);
  const toggle = useSettings((s) => s.toggleSidebar);
  const handle = useRouteHandle();
  const mobile = Grid.useBreakpoint().md === false;
  // It searches the plant list and opens a plant's detail: both permissions are needed.
  const mayList = usePerm([PERM.stationMonitor]);
  const mayOpen = usePerm([PERM.stationDetail]);
  const [idle, setIdle] = useState(false);
  useEffect(() => whenIdle(() => setIdle(true)), []);
  // Its place is kept while it loads: the header does not shift.
  const searchPlace = <div className="pv-plant-search" />;
  const crumbs = handle?.crumbs ?? [];
  const items = [
    { key: 'home', title: <Link to="/dashboard">{t('menu:dashboard')}</Link> },
    ...crumbs.filter((c) => c !== 'dashboard').map((c) => ({ key: c, title: t(`menu:${c}`) })),
  ];
  if (!handle?.crumbs && handle) items.push({ key: 'page', title: t(handle.title) });

  return (
    <Layout.Header className="pv-header">
      <Button
        type="text"
        className="pv-hamburger"
        icon={opened ? <MenuFoldOutlined /> : <MenuUnfoldOutlined />}
        onClick={toggle}
        aria-label={t('layout.toggleSidebar')}
        aria-expanded={opened}
        data-testid="hamburger"
      />
      <Breadcrumb
        className="pv-breadcrumb"
        items={mobile ? items.slice(-1) : items}
        data-testid="breadcrumb"
      />
      {mayList && mayOpen && !mobile && (
        <Suspense fallback={searchPlace}>{idle ? <PlantSearch /> : searchPlace}</Suspense>
      )}
      <Space size={4} className="pv-header-actions">
        <Suspense fallback={null}>
          <AlarmBell />
        </Suspense>
        <LanguageSwitch compact={mobile} />
        <SizeSwitch />
        <UserMenu compact={mobile} />
      </Space>
    </Layout.Header>
  );
}
