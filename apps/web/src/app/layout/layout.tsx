import { Layout as AntLayout, Grid } from 'antd';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { NavContext, type NavItem } from '../../components/nav-context.ts';
import { useSettings } from '../../stores/settings.ts';
import { PageLoading } from '../progress.tsx';
import { HeaderBar } from './header-bar.tsx';
import { Sidebar } from './sidebar.tsx';
import { TagsView } from './tags-view.tsx';

const MAIN_ID = 'pv-main';

/**
 * The first stop of the Tab key, shown when reached: past the menu and the header to the page (WCAG
 * 2.4.1). The routes live in the address's hash, so it moves the focus itself instead of following `#…`.
 */
function SkipLink() {
  const { t } = useTranslation();
  return (
    <a
      className="pv-skip-link"
      href={`#${MAIN_ID}`}
      onClick={(e) => {
        e.preventDefault();
        document.getElementById(MAIN_ID)?.focus();
      }}
      data-testid="skip-link"
    >
      {t('layout.skipToContent')}
    </a>
  );
}

/** The signed-in shell (requirements §R1.3 defaults: left layout, fixed header, tags view, sidebar logo). */
export default function Layout({ nav }: { nav: NavItem[] }) {
  const opened = useSettings((s) => s.sidebarOpened);
  const mobile = Grid.useBreakpoint().md === false;
  return (
    <NavContext.Provider value={nav}>
      <AntLayout hasSider className="pv-shell">
        <SkipLink />
        <Sidebar nav={nav} />
        {mobile && opened && (
          <div className="pv-mask" aria-hidden onClick={() => useSettings.getState().toggleSidebar()} />
        )}
        <AntLayout className="pv-main">
          <div className="pv-fixed">
            <HeaderBar />
            <TagsView />
          </div>
          <AntLayout.Content id={MAIN_ID} tabIndex={-1} className="pv-content">
            <Suspense fallback={<PageLoading />}>
              <Outlet />
            </Suspense>
          </AntLayout.Content>
        </AntLayout>
      </AntLayout>
    </NavContext.Provider>
  );
}
