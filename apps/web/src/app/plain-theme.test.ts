import fs from 'node:fs';
import path from 'node:path';
import { theme } from 'antd';
import { describe, expect, it } from 'vitest';
import { THEME } from './providers.tsx';

/**
 * What is drawn without antd (the sign-in form, the public pages' frame, the route error page) takes its
 * colours from the `--pv-…` variables of styles.css: each is the antd design token of the same name
 * (`--pv-color-primary-hover` is colorPrimaryHover), as antd derives it from THEME.
 */
const css = fs.readFileSync(path.join(import.meta.dirname, 'styles.css'), 'utf8');
const root = /:root\s*\{([^}]*)\}/.exec(css)?.[1] ?? '';
const variables = [...root.matchAll(/--pv-([a-z-]+):\s*([^;]+);/g)].map(([, name, value]) => ({
  // antd writes "LG" in capitals (borderRadiusLG).
  token: name!.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase()).replace(/Lg$/, 'LG'),
  value: value!,
}));
const normal = (value: unknown) =>
  (typeof value === 'number' ? `${value}px` : String(value))
    .replace(/\s+/g, '')
    .replaceAll('"', "'")
    .toLowerCase();

describe('the colours of what is drawn without antd', () => {
  const tokens = theme.getDesignToken(THEME) as unknown as Record<string, unknown>;

  it('has the variables', () => {
    expect(variables.map((v) => v.token)).toEqual(expect.arrayContaining(['colorPrimary', 'colorText']));
  });

  it.each(variables)('--pv-… of $token is the theme token', ({ token, value }) => {
    expect(tokens[token], `${token} is an antd token`).toBeDefined();
    expect(normal(value)).toBe(normal(tokens[token]));
  });
});
