import { Layout as AntLayout, Grid } from 'antd';
import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { NavContext, type NavItem } from '../../components/nav-context.ts';
import { useSettings } from '../../stores/settings.ts';
import { PageLoading } from '../progress.tsx';
import { HeaderBar } from './header-bar.tsx';
import { Sidebar } from './sidebar.tsx';
import { TagsView } from './tags-view.tsx';

/** The signed-in shell (requirements §R1.3 defaults: left layout, fixed header, tags view, sidebar logo). */
export default function Layout({ nav }: { nav: NavItem[] }) {
  const opened = useSettings((s) => s.sidebarOpened);
  const mobile = Grid.useBreakpoint().md === false;
  return (
    <NavContext.Provider value={nav}>
      <AntLayout hasSider className="pv-shell">
        <Sidebar nav={nav} />
        {mobile && opened && (
          <div className="pv-mask" aria-hidden onClick={() => useSettings.getState().toggleSidebar()} />
        )}
        <AntLayout className="pv-main">
          <div className="pv-fixed">
            <HeaderBar />
            <TagsView />
          </div>
          <AntLayout.Content className="pv-content">
            <Suspense fallback={<PageLoading />}>
              <Outlet />
            </Suspense>
          </AntLayout.Content>
        </AntLayout>
      </AntLayout>
    </NavContext.Provider>
  );
}
