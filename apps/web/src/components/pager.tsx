import { DoubleLeftOutlined, DoubleRightOutlined, LeftOutlined, RightOutlined } from '@ant-design/icons';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from '@pvstar/contract/client';
import { Button, ConfigProvider, Flex, Select, Typography } from 'antd';
import { useContext, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** How many page numbers a pager shows at most (requirements §R15.4). */
export const PAGER_COUNT = 7;

export type PagerItem = number | 'back' | 'forward';

/**
 * The page numbers a pager shows: every page while there are at most `count`; else always `count`
 * numbers — the first, the last, and a run beside the current page — with a gap (`back`, `forward`)
 * where pages are left out.
 */
export function pagerItems(current: number, pages: number, count = PAGER_COUNT): PagerItem[] {
  if (pages <= count) return Array.from({ length: pages }, (_, i) => i + 1);
  const half = (count - 1) / 2;
  const back = current > count - half;
  const forward = current < pages - half;
  const inner = count - 2;
  const first = !back ? 2 : !forward ? pages - inner : current - Math.floor((inner - 1) / 2);
  const run = Array.from({ length: inner }, (_, i) => first + i);
  return [1, ...(back ? ['back' as const] : []), ...run, ...(forward ? ['forward' as const] : []), pages];
}

/** A gap jumps this many pages (`count` − 2, as the pager's own run). */
const JUMP = PAGER_COUNT - 2;

/**
 * A list's pager in the order the requirements give: total, page size, previous, page numbers, next
 * (requirements §R15.4). The texts are antd's for the language (its Pagination locale).
 */
export function Pager({
  current,
  pageSize,
  total,
  onChange,
}: {
  current: number;
  pageSize: number;
  total: number;
  onChange: (pageNum: number, pageSize: number) => void;
}) {
  const { t } = useTranslation('common');
  const texts = useContext(ConfigProvider.ConfigContext).locale?.Pagination;
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const go = (n: number) => onChange(Math.min(pages, Math.max(1, n)), pageSize);
  return (
    <nav aria-label={t('table.pages')} data-testid="pager">
      <Flex wrap align="center" justify="flex-end" gap={4} style={{ marginTop: 16 }}>
        <Typography.Text data-testid="pager-total" style={{ marginInlineEnd: 8 }}>
          {t('table.total', { total })}
        </Typography.Text>
        <Select
          size="small"
          value={pageSize}
          aria-label={t('table.pageSize')}
          data-testid="pager-size"
          popupMatchSelectWidth={false}
          options={PAGE_SIZES.map((n) => ({ value: n, label: `${n} ${texts?.items_per_page ?? '/'}` }))}
          onChange={(size) => onChange(1, size)}
          style={{ marginInlineEnd: 8 }}
        />
        {/* The buttons stay on one line; on a phone they wrap below the total as a whole. */}
        <Flex align="center" gap={4}>
          <Button
            type="text"
            size="small"
            icon={<LeftOutlined />}
            disabled={current <= 1}
            aria-label={texts?.prev_page}
            title={texts?.prev_page}
            onClick={() => go(current - 1)}
            data-testid="pager-prev"
          />
          {pagerItems(current, pages).map((item) =>
            typeof item === 'number' ? (
              <Button
                key={item}
                size="small"
                type={item === current ? 'primary' : 'text'}
                aria-current={item === current ? 'page' : undefined}
                onClick={() => go(item)}
                data-testid="pager-page"
                style={{ minWidth: 28 }}
              >
                {item}
              </Button>
            ) : (
              <Button
                key={item}
                type="text"
                size="small"
                icon={item === 'back' ? <DoubleLeftOutlined /> : <DoubleRightOutlined />}
                aria-label={item === 'back' ? texts?.prev_5 : texts?.next_5}
                title={item === 'back' ? texts?.prev_5 : texts?.next_5}
                onClick={() => go(item === 'back' ? current - JUMP : current + JUMP)}
                data-testid={`pager-${item}`}
              />
            ),
          )}
          <Button
            type="text"
            size="small"
            icon={<RightOutlined />}
            disabled={current >= pages}
            aria-label={texts?.next_page}
            title={texts?.next_page}
            onClick={() => go(current + 1)}
            data-testid="pager-next"
          />
        </Flex>
      </Flex>
    </nav>
  );
}

/**
 * Paging of rows the browser already holds (a report's tables): antd's Table cuts the page (after its
 * own sorting), the Pager below it shows where the reader is. Spread `table` into the Table, and `pager`
 * into the Pager.
 */
export function useLocalPaging(total: number) {
  const [page, setPage] = useState({ current: 1, pageSize: DEFAULT_PAGE_SIZE });
  const pages = Math.max(1, Math.ceil(total / page.pageSize));
  const current = Math.min(page.current, pages);
  return {
    table: { current, pageSize: page.pageSize, placement: ['none' as const] },
    pager: {
      current,
      pageSize: page.pageSize,
      total,
      onChange: (pageNum: number, pageSize: number) => setPage({ current: pageNum, pageSize }),
    },
  };
}
