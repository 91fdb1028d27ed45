import { type ReactNode, Suspense, useState } from 'react';

/**
 * Shows `children` — a dialog or drawer loaded lazily — from the first time it is `open` on: its code
 * loads when first asked for, not with the page, and it stays mounted after, so that it still animates
 * its closing and keeps what it has read.
 */
export function OnceOpened({ open, children }: { open: boolean; children: ReactNode }) {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened ? <Suspense fallback={null}>{children}</Suspense> : null;
}
