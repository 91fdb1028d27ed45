import { type KeyboardEvent, useRef } from 'react';

/**
 * The sign-in form's two ways (password, code) as a strip of tabs in antd's look, drawn without antd like
 * the rest of the sign-in form (decision 007). Tabs in the ARIA sense: one tab stop, the arrow keys move
 * between them.
 */
export function ModeTabs<K extends string>({
  items,
  active,
  onChange,
}: {
  items: { key: K; label: string }[];
  active: K;
  onChange: (key: K) => void;
}) {
  const strip = useRef<HTMLDivElement>(null);
  const onKeyDown = (e: KeyboardEvent) => {
    const step = { ArrowRight: 1, ArrowLeft: -1 }[e.key];
    if (!step) return;
    e.preventDefault();
    const at = items.findIndex((item) => item.key === active);
    const next = (at + step + items.length) % items.length;
    onChange(items[next]!.key);
    strip.current?.querySelectorAll<HTMLButtonElement>('[role="tab"]')[next]?.focus();
  };
  return (
    <div ref={strip} role="tablist" className="pv-mode-tabs" onKeyDown={onKeyDown}>
      {items.map((item) => {
        const selected = item.key === active;
        return (
          <button
            key={item.key}
            type="button"
            role="tab"
            aria-selected={selected}
            tabIndex={selected ? 0 : -1}
            onClick={() => onChange(item.key)}
          >
            {item.label}
          </button>
        );
      })}
    </div>
  );
}
