import { MenuFoldOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
import { Breadcrumb, Button, Grid, Layout, Space } from 'antd';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LanguageSwitch } from '../../components/language-switch.tsx';
import { lazyRetrying } from '../../components/lazy-retrying.ts';
import { useSettings } from '../../stores/settings.ts';
import { useRouteHandle } from '../root-shell.tsx';
import { SizeSwitch } from './size-switch.tsx';
import { UserMenu } from './user-menu.tsx';

// The bell (its badge and the alarm calls) loads after the shell: the page's first load stays in budget.
const AlarmBell = lazyRetrying(() => import('./alarm-bell.tsx').then((m) => ({ default: m.AlarmBell })));

/** The fixed header: sidebar toggle, breadcrumb, the alarm bell, language, size and the user's menu. */
export function HeaderBar() {
  const { t } = useTranslation();
  const opened = useSettings((s) => s.sidebarOpened);
  const toggle = useSettings((s) => s.toggleSidebar);
  const handle = useRouteHandle();
  const mobile = Grid.useBreakpoint().md === false;
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
