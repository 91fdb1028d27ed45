import { DoubleLeftOutlined, DoubleRightOutlined, LeftOutlined, RightOutlined } from '@ant-design/icons';
import { PAGE_SIZES } from '@pvstar/contract/client';
import { Button, ConfigProvider, Flex, Select, Typography } from 'antd';
import { useContext } from 'react';
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
    </nav>
  );
}
