import { Grid } from 'antd';
import type { ReactNode } from 'react';

/**
 * Where a drawer's buttons go: in its header beside the title on a wide screen; below its content on a
 * phone, where beside two buttons the title had room for a few letters. Spread into the Drawer's props.
 */
export function useDrawerActions(actions: ReactNode): { extra?: ReactNode; footer?: ReactNode } {
  const wide = Grid.useBreakpoint().sm;
  if (!actions) return {};
  return wide ? { extra: actions } : { footer: actions };
}
