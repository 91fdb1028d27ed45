import { screen } from '@testing-library/react';
import { Button, Drawer } from 'antd';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mediaQueryList } from '../test/media-query.ts';
import { renderWithApp } from '../test/render.tsx';
import { useDrawerActions } from './drawer-actions.ts';

function Harness({ actions = true }: { actions?: boolean }) {
  const placed = useDrawerActions(actions && <Button data-testid="act">Acknowledge</Button>);
  return (
    <Drawer open title="INV-ISO · Insulation resistance too low" {...placed}>
      body
    </Drawer>
  );
}

/** A screen `width` px wide, as antd's breakpoints ask it through media queries. */
function screenWidth(width: number) {
  const matches = (query: string) => {
    const min = /min-width:\s*(\d+)px/.exec(query);
    const max = /max-width:\s*(\d+)px/.exec(query);
    return (!min || width >= Number(min[1])) && (!max || width <= Number(max[1]));
  };
  vi.spyOn(window, 'matchMedia').mockImplementation((query) => mediaQueryList(query, matches(query)));
}

afterEach(() => vi.restoreAllMocks());

describe('useDrawerActions', () => {
  it('puts the buttons beside the title on a wide screen', async () => {
    screenWidth(1440);
    await renderWithApp(<Harness />);
    expect(screen.getByTestId('act').closest('.ant-drawer-extra')).not.toBeNull();
    expect(document.querySelector('.ant-drawer-footer')).toBeNull();
  });

  it('puts them below the content on a phone, leaving the header to the title', async () => {
    screenWidth(390);
    await renderWithApp(<Harness />);
    expect(screen.getByTestId('act').closest('.ant-drawer-footer')).not.toBeNull();
    expect(document.querySelector('.ant-drawer-extra')).toBeNull();
  });

  it('adds no empty bar when there is nothing to do', async () => {
    screenWidth(390);
    await renderWithApp(<Harness actions={false} />);
    expect(document.querySelector('.ant-drawer-footer')).toBeNull();
  });
});
