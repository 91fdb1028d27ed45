import { CloseOutlined } from '@ant-design/icons';
import { Dropdown, type MenuProps } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { useSession } from '../../stores/session.ts';
import { useRouteHandle } from '../root-shell.tsx';
import { HOME_TAG, type OpenTag, useTags } from './tags-store.ts';

/** Paths that are not pages of their own and get no tag. */
const NO_TAG = new Set(['/401', '/404']);

/** The pages opened so far, as closable tags under the header (SPEC §1 tagsView). */
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
  if (noPerms) return null;

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

  return (
    <nav className="pv-tags" data-testid="tags-view" aria-label={t('tags.label')}>
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
  );
}
