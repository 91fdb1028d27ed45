import type { ReactNode } from 'react';

/** Form fields side by side: as many columns of at least `minColumnWidth` pixels as fit. */
export function FormGrid({
  minColumnWidth = 240,
  children,
}: {
  minColumnWidth?: number;
  children: ReactNode;
}) {
  return (
    <div
      style={{
        display: 'grid',
        gridTemplateColumns: `repeat(auto-fit, minmax(${minColumnWidth}px, 1fr))`,
        columnGap: 16,
      }}
    >
      {children}
    </div>
  );
}
