import fs from 'node:fs';
import path from 'node:path';
import {
  baseKey,
  byBase,
  leaves,
  placeholders,
  pluralCategories,
  type Tree,
} from '@pvstar/contract/catalogue-checks';
import { LANGS } from '@pvstar/contract/lang';
import { METRICS } from '@pvstar/contract/metrics';
import { flattenMenu } from '@pvstar/contract/perm';
import { describe, expect, it } from 'vitest';
import { CORE_COMMON_GROUPS } from './core-common.ts';
import { CORE_NAMESPACES } from './index.ts';

const localesDir = path.join(import.meta.dirname, 'locales');
const namespaces = fs.readdirSync(path.join(localesDir, 'en-GB')).map((f) => f.replace('.json', ''));
const read = (lang: string, ns: string): Tree =>
  JSON.parse(fs.readFileSync(path.join(localesDir, lang, `${ns}.json`), 'utf8'));

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return e.name === 'locales' ? [] : sourceFiles(full);
    return /\.(ts|tsx)$/.test(e.name) && !e.name.endsWith('.test.ts') ? [full] : [];
  });
}

describe('web locales', () => {
  it('has the same namespaces in every language', () => {
    for (const lang of LANGS)
      expect(fs.readdirSync(path.join(localesDir, lang)).sort(), lang).toEqual(
        [...namespaces].map((n) => `${n}.json`).sort(),
      );
  });

  it.each(namespaces)(
    'namespace %s: every key in every language (plurals by its categories), with the same placeholders, translated',
    (ns) => {
      const sourceEntries = leaves(read('en-GB', ns));
      const sourceBases = byBase(sourceEntries);
      const sourceText = new Map(sourceEntries.map(([k, v]) => [baseKey(k), v]));
      for (const lang of LANGS) {
        const entries = leaves(read(lang, ns));
        const bases = byBase(entries);
        expect([...bases.keys()].sort(), `${lang}/${ns}`).toEqual([...sourceBases.keys()].sort());
        for (const [base, categories] of bases) {
          const plural = sourceBases.get(base)?.length ? pluralCategories(lang) : [];
          expect(categories, `${lang}/${ns} ${base}: plural forms`).toEqual(plural);
        }
        for (const [key, text] of entries) {
          expect(text.trim(), `${lang}/${ns} ${key}`).not.toBe('');
          expect(placeholders(text), `${lang}/${ns} ${key}`).toEqual(
            placeholders(sourceText.get(baseKey(key)) ?? ''),
          );
        }
      }
    },
  );

  it('counts with plurals where the noun follows the number ("1 Gerät", "5 Geräte")', () => {
    // A count written before its noun must agree with it: `{{count}}` with plural forms, not `{{n}}`.
    for (const ns of namespaces)
      for (const lang of ['en-GB', 'de-DE'])
        for (const [key, text] of leaves(read(lang, ns)))
          expect(/\{\{\s*n\s*\}\}\s+\p{L}/u.test(text), `${lang}/${ns} ${key}: ${text}`).toBe(false);
  });

  it('names the document of the consent as its error does (one word for the service agreement)', () => {
    for (const lang of LANGS) {
      const { consent } = read(lang, 'app') as { consent: Record<string, string> };
      const common = JSON.parse(
        fs.readFileSync(
          path.join(localesDir, '../../../../../packages/contract/src/locales', lang, 'common.json'),
          'utf8',
        ),
      );
      const error = (common.validation.consent as string).toLowerCase();
      expect(consent.text, lang).toContain(`<agreement>`);
      // Each word of the title, less an ending that inflection may change (Polish "Umowa" → "umowę").
      for (const word of consent
        .agreementTitle!.toLowerCase()
        .split(/\s+/)
        .filter((w) => w.length > 2))
        expect(error, `${lang}: "${consent.agreementTitle}" in "${error}"`).toContain(word.slice(0, -2));
    }
  });

  it('calls a capacity installed capacity, not power ("Leistung (kWp)" reads as the power now)', () => {
    const installed = { 'de-DE': /Installierte/, 'en-GB': /Installed/ } as const;
    // The plant header's short badge ("PV 9.8 kWp") is the one exception.
    const badge = 'plant:detail.capacity';
    for (const [lang, word] of Object.entries(installed))
      for (const ns of namespaces)
        for (const [key, text] of leaves(read(lang, ns)))
          if (/capacity$/i.test(key) && `${ns}:${key}` !== badge)
            expect(text, `${lang}/${ns} ${key}`).toMatch(word);
  });

  it('is translated, not copied from English', () => {
    for (const ns of namespaces) {
      const source = new Map(leaves(read('en-GB', ns)));
      for (const lang of LANGS.filter((l) => l !== 'en-GB')) {
        const copied = leaves(read(lang, ns)).filter(
          ([k, v]) => v === source.get(k) && /[a-z]{4,}\s+[a-z]{4,}/i.test(v),
        );
        expect(
          copied.map(([k]) => k),
          `${lang}/${ns}`,
        ).toEqual([]);
      }
    }
  });

  it('has a core catalogue of CORE_NAMESPACES per language; the other namespaces load one by one', () => {
    const web = CORE_NAMESPACES.filter((ns) => ns !== 'common');
    const list = `{${[...web].sort().join(',')}}.json`;
    expect(namespaces, 'a core namespace of the web').toEqual(expect.arrayContaining(web));
    const dir = path.join(import.meta.dirname, 'catalogues');
    expect(fs.readdirSync(dir).sort()).toEqual(LANGS.map((lang) => `${lang}.ts`).sort());
    for (const lang of LANGS) {
      const core = fs.readFileSync(path.join(dir, `${lang}.ts`), 'utf8');
      expect(core, lang).toContain(`'../locales/${lang}/${list}'`);
      expect(core, lang).toContain(`/contract/src/locales/${lang}/common.json'`);
      expect(core, `${lang}: only the core groups of common`).toContain(`query: '?core'`);
    }
    // The others (PAGE_NAMESPACES, texts.test.ts): the same list leaves them out of the files loaded one by one.
    const index = fs.readFileSync(path.join(import.meta.dirname, 'index.ts'), 'utf8');
    expect(index).toContain(`'!./locales/*/${list}'`);
    expect(index, 'the other groups of common').toContain(`query: '?rest'`);
  });

  it('names only groups of the common namespace that exist as its core groups', () => {
    const common = JSON.parse(
      fs.readFileSync(
        path.join(import.meta.dirname, '../../../../packages/contract/src/locales/en-GB/common.json'),
        'utf8',
      ),
    );
    expect(CORE_COMMON_GROUPS.filter((group) => !(group in common))).toEqual([]);
  });

  it('uses every key somewhere (a key no code uses is dead weight)', () => {
    const code = sourceFiles(path.join(import.meta.dirname, '..'))
      .map((f) => fs.readFileSync(f, 'utf8'))
      .join('\n');
    // Menu titles are looked up by the contract's table (`menu:${title}`).
    const menuTitles = new Set(
      flattenMenu().flatMap((n) => [n.title, ...(n.alsoPaths ?? []).map((a) => a.title)]),
    );
    // Values the contract's telemetry catalogue enumerates (metric keys, groups, states) are known
    // values for a dynamic lookup just like a literal in the code (`metric:label.${def.key}`).
    const catalogueValues = new Set(METRICS.flatMap((m) => [m.key, m.group, ...(m.states ?? [])]));
    const unused: string[] = [];
    for (const ns of namespaces) {
      for (const key of new Set(leaves(read('en-GB', ns)).map(([k]) => baseKey(k)))) {
        if (ns === 'menu' && menuTitles.has(key)) continue;
        const last = key.split('.').pop()!;
        const parent = key.slice(0, key.length - last.length);
        // Used literally, or through a dynamic lookup under its parent (`status.${value}`) of a known value.
        const literal =
          code.includes(`'${key}'`) ||
          code.includes(`"${key}"`) ||
          code.includes(`\`${key}\``) ||
          code.includes(`${ns}:${key}`);
        const dynamic =
          parent !== '' &&
          code.includes(`${parent}\${`) &&
          (code.includes(`'${last}'`) || catalogueValues.has(last));
        if (!literal && !dynamic) unused.push(`${ns}:${key}`);
      }
    }
    expect(unused).toEqual([]);
  });
});
