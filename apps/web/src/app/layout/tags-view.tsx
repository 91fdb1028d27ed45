import { CloseOutlined, LeftOutlined, RightOutlined } from '@ant-design/icons';
import { Button, Dropdown, type MenuProps } from 'antd';
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { NavigateFunction } from 'react-router';
import { useLocation, useNavigate } from 'react-router';
import { useSession } from '../../stores/session.ts';
import { useRouteHandle } from '../root-shell.tsx';
import { HOME_TAG, type OpenTag, useTags } from './tags-store.ts';

/** Paths that are not pages of their own and get no tag. */
const NO_TAG = new Set(['/401', '/404']);

/** Pixels an arrow button scrolls the bar by. */
const STEP = 240;

/**
 * The bar's horizontal scrolling: whether it can scroll either way (to show its arrows), the active tag
 * brought into view whenever it or the tags change, and the mouse wheel turned sideways over the bar.
 */
function useTagsScroll(activeKey: string) {
  const ref = useRef<HTMLElement>(null);
  const [room, setRoom] = useState({ left: false, right: false });
  const measure = useCallback(() => {
    const bar = ref.current;
    if (!bar) return;
    const left = bar.scrollLeft > 0;
    const right = bar.scrollLeft + bar.clientWidth < bar.scrollWidth - 1;
    setRoom((r) => (r.left === left && r.right === right ? r : { left, right }));
  }, []);

  /** Brings the active tag into view (the bar is its offset parent: position: relative). */
  const reveal = useCallback(() => {
    const bar = ref.current;
    const tag = bar?.querySelector<HTMLElement>('.pv-tag-active');
    if (bar && tag) {
      const margin = 24;
      if (tag.offsetLeft < bar.scrollLeft) bar.scrollLeft = Math.max(0, tag.offsetLeft - margin);
      else if (tag.offsetLeft + tag.offsetWidth > bar.scrollLeft + bar.clientWidth)
        bar.scrollLeft = tag.offsetLeft + tag.offsetWidth - bar.clientWidth + margin;
    }
    measure();
  }, [measure]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the active tag or any tag's title changes
  useLayoutEffect(reveal, [activeKey, reveal]);

  useEffect(() => {
    const bar = ref.current;
    if (!bar) return;
    // The arrows appearing narrow the bar: the active tag may need bringing into view again.
    const observer = new ResizeObserver(reveal);
    observer.observe(bar);
    // A wheel over the bar scrolls it sideways, not the page (a listener of its own: React's is passive).
    const onWheel = (e: WheelEvent) => {
      if (bar.scrollWidth <= bar.clientWidth || Math.abs(e.deltaX) > Math.abs(e.deltaY)) return;
      e.preventDefault();
      bar.scrollLeft += e.deltaY;
    };
    bar.addEventListener('wheel', onWheel, { passive: false });
    return () => {
      observer.disconnect();
      bar.removeEventListener('wheel', onWheel);
    };
  }, [reveal]);

  const scrollBy = (dx: number) => ref.current?.scrollBy({ left: dx, behavior: 'smooth' });
  return { ref, room, measure, scrollBy };
}

/** What closing a tag and its context menu do; a closed current page gives way to the tag before it. */
function tagActions(
  all: OpenTag[],
  pathname: string,
  navigate: NavigateFunction,
  {
    close,
    closeOthers,
    closeAll,
  }: Pick<ReturnType<typeof useTags.getState>, 'close' | 'closeOthers' | 'closeAll'>,
) {
  const closeTag = (path: string) => {
    const at = all.findIndex((x) => x.path === path);
    close(path);
    if (path === pathname) navigate(all[at - 1]?.path ?? HOME_TAG.path);
  };

  const onMenu =
    (tag: OpenTag): MenuProps['onClick'] =>
    ({ key }) => {
      if (key === 'refresh') navigate(`/redirect${tag.path}`, { replace: true });
      if (key === 'close') closeTag(tag.path);
      if (key === 'closeOthers') {
        closeOthers(tag.path);
        if (tag.path !== pathname) navigate(tag.path);
      }
      if (key === 'closeAll') {
        closeAll();
        navigate(HOME_TAG.path);
      }
    };
  return { closeTag, onMenu };
}

/** The pages opened so far, as closable tags under the header (requirements §R1.3 tags view). */
export function TagsView() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const handle = useRouteHandle();
  const userId = useSession((s) => s.userInfo?.user.id);
  const noPerms = useSession((s) => s.perms.length === 0);
  const { tags, open, close, closeOthers, closeAll } = useTags();

  useEffect(() => {
    if (userId === undefined || !handle || NO_TAG.has(pathname) || pathname.startsWith('/redirect/')) return;
    open(userId, { path: pathname, title: handle.title });
  }, [userId, handle, pathname, open]);

  const all: OpenTag[] = [HOME_TAG, ...tags];
  const { ref, room, measure, scrollBy } = useTagsScroll(`${pathname} ${all.map((x) => x.title).join()}`);
  if (noPerms) return null;

  const { closeTag, onMenu } = tagActions(all, pathname, navigate, { close, closeOthers, closeAll });

  return (
    <div className="pv-tags-bar">
      {(room.left || room.right) && (
        <Button
          type="text"
          size="small"
          icon={<LeftOutlined />}
          disabled={!room.left}
          aria-label={t('tags.scrollLeft')}
          onClick={() => scrollBy(-STEP)}
          data-testid="tags-scroll-left"
        />
      )}
      <nav
        className="pv-tags"
        ref={ref}
        onScroll={measure}
        data-testid="tags-view"
        aria-label={t('tags.label')}
      >
        {all.map((tag) => {
          const active = tag.path === pathname;
          const home = tag.path === HOME_TAG.path;
          return (
            <Dropdown
              key={tag.path}
              trigger={['contextMenu']}
              menu={{
                onClick: onMenu(tag),
                items: [
                  { key: 'refresh', label: t('tags.refresh'), disabled: !active },
                  { key: 'close', label: t('tags.close'), disabled: home },
                  { key: 'closeOthers', label: t('tags.closeOthers') },
                  { key: 'closeAll', label: t('tags.closeAll') },
                ],
              }}
            >
              <span
                role="link"
                tabIndex={0}
                className={active ? 'pv-tag pv-tag-active' : 'pv-tag'}
                data-testid="tag"
                onClick={() => navigate(tag.path)}
                onKeyDown={(e) => {
                  if (e.key === 'Enter') navigate(tag.path);
                }}
              >
                {t(tag.title)}
                {!home && (
                  <CloseOutlined
                    className="pv-tag-close"
                    aria-label={t('tags.close')}
                    onClick={(e) => {
                      e.stopPropagation();
                      closeTag(tag.path);
                    }}
                  />
                )}
              </span>
            </Dropdown>
          );
        })}
      </nav>
      {(room.left || room.right) && (
        <Button
          type="text"
          size="small"
          icon={<RightOutlined />}
          disabled={!room.right}
          aria-label={t('tags.scrollRight')}
          onClick={() => scrollBy(STEP)}
          data-testid="tags-scroll-right"
        />
      )}
    </div>
  );
}
