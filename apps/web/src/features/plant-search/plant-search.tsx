import { SearchOutlined } from '@ant-design/icons';
import { Select, Typography } from 'antd';
import type { RefSelectProps } from 'antd/es/select';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { plantLinks } from '../../components/page-links.ts';
import { usePlantOptions } from '../../entities/plant/plant-options-api.ts';

/** Typing waits this long before the plants are searched. */
const SEARCH_DELAY_MS = 250;

/**
 * Whether a key press asks for the search: "/" where it would not be typed into a field, and Ctrl+K or
 * ⌘K anywhere (the keys of the portals and tools people know).
 */
export function isSearchShortcut(
  e: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'altKey' | 'target'>,
) {
  if ((e.ctrlKey || e.metaKey) && !e.altKey && e.key.toLowerCase() === 'k') return true;
  if (e.key !== '/' || e.ctrlKey || e.metaKey || e.altKey) return false;
  const target = e.target as HTMLElement | null;
  return !target?.isContentEditable && !['INPUT', 'TEXTAREA', 'SELECT'].includes(target?.tagName ?? '');
}

/** "Find a plant" in the header: a plant of the caller's scope by part of its name, opened on Enter. */
export function PlantSearch() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const select = useRef<RefSelectProps>(null);
  const [typed, setTyped] = useState('');
  const [open, setOpen] = useState(false);
  const [search, setSearch] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setSearch(typed.trim()), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [typed]);
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (!isSearchShortcut(e)) return;
      e.preventDefault();
      select.current?.focus();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
  const plants = usePlantOptions(search, { enabled: search !== '', limit: 10 });
  const waiting = typed.trim() !== search || plants.isFetching;

  return (
    <Select<number | null>
      ref={select}
      value={null}
      className="pv-plant-search"
      style={{ width: 240 }}
      popupMatchSelectWidth={320}
      prefix={<SearchOutlined aria-hidden />}
      suffixIcon={
        <kbd className="pv-kbd" aria-hidden>
          /
        </kbd>
      }
      placeholder={t('layout.plantSearch')}
      aria-label={t('layout.plantSearch')}
      aria-keyshortcuts="/ Control+K Meta+K"
      data-testid="plant-search"
      loading={waiting && search !== ''}
      showSearch={{ filterOption: false, searchValue: typed, onSearch: setTyped, autoClearSearchValue: true }}
      // The list opens once there is something to search for, not on focus with every plant.
      open={open && typed.trim() !== ''}
      onOpenChange={setOpen}
      notFoundContent={waiting ? null : t('layout.plantSearchNone')}
      options={(typed.trim() === search ? (plants.data ?? []) : []).map((p) => ({
        value: p.id,
        label: p.stationName,
        orgName: p.orgName,
      }))}
      optionRender={(option) => (
        <span data-testid="plant-search-option">
          {option.label}{' '}
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {option.data.orgName}
          </Typography.Text>
        </span>
      )}
      onSelect={(id) => {
        setTyped('');
        select.current?.blur();
        if (id !== null) navigate(plantLinks.detail(id));
      }}
      onKeyDown={(e) => {
        if (e.key === 'Escape') setTyped('');
      }}
    />
  );
}
