import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { baseKey, byBase, leaves, placeholders, pluralCategories } from './catalogue-checks.ts';
import { DEFAULT_LANG, LANGS, resolveLang } from './lang.ts';
import { COMMON_MESSAGES, translate } from './messages.ts';
import { DEFAULT_ROLE_PERMS, flattenMenu, MENU_TREE, PERM } from './perm.ts';

describe('common message catalogue', () => {
  const source = new Map(leaves(COMMON_MESSAGES['en-GB']));

  it.each(LANGS)(
    '%s has every key of en-GB (plurals by its own categories), with the same placeholders, and nothing else',
    (lang) => {
      const entries = leaves(COMMON_MESSAGES[lang]);
      const bases = byBase(entries);
      const sourceBases = byBase([...source]);
      expect([...bases.keys()].sort()).toEqual([...sourceBases.keys()].sort());
      for (const [base, categories] of bases)
        expect(categories, `${lang} ${base}: plural forms`).toEqual(
          sourceBases.get(base)?.length ? pluralCategories(lang) : [],
        );
      const sourceText = new Map([...source].map(([k, v]) => [baseKey(k), v]));
      for (const [key, text] of entries) {
        expect(text.trim(), `${lang} ${key}`).not.toBe('');
        expect(placeholders(text), `${lang} ${key}`).toEqual(placeholders(sourceText.get(baseKey(key))!));
      }
    },
  );

  it('writes counts with plural forms, not "(s)" or "(e)"', () => {
    for (const lang of ['en-GB', 'de-DE'] as const)
      for (const [key, text] of leaves(COMMON_MESSAGES[lang]))
        if (text.includes('{{count}}')) expect(text, `${lang} ${key}`).not.toMatch(/\((s|e|n|en)\)/);
  });

  it('picks the plural form of the language', () => {
    expect(translate('de-DE', 'alarm.closed', { count: 1 })).toBe('1 Alarm geschlossen');
    expect(translate('de-DE', 'alarm.closed', { count: 3 })).toBe('3 Alarme geschlossen');
    expect(translate('pl-PL', 'alarm.closed', { count: 3 })).toBe('Zamknięto 3 alarmy');
    expect(translate('pl-PL', 'alarm.closed', { count: 5 })).toBe('Zamknięto 5 alarmów');
    expect(translate('zh-CN', 'alarm.closed', { count: 1 })).toBe('已关闭 1 条告警');
  });

  it('covers the server-only files too: audit.json and mail.json, under audit.* and mail.*', () => {
    expect(source.has('audit.sheet')).toBe(true);
    expect(source.has('mail.codeSubject')).toBe(true);
    for (const lang of LANGS) {
      const common = JSON.parse(
        fs.readFileSync(path.join(import.meta.dirname, 'locales', lang, 'common.json'), 'utf8'),
      );
      expect(Object.keys(common), lang).not.toContain('audit');
      expect(Object.keys(common), lang).not.toContain('mail');
    }
  });

  it('is translated, not copied, in every language but English', () => {
    for (const lang of LANGS.filter((l) => l !== 'en-GB')) {
      const same = leaves(COMMON_MESSAGES[lang]).filter(([k, v]) => v === source.get(k) && v.length > 12);
      expect(
        same.map(([k]) => k),
        lang,
      ).toEqual([]);
    }
  });

  it('translates with parameters and falls back to the key', () => {
    expect(translate('en-GB', 'validation.length', { min: 3, max: 30 })).toBe(
      'Length between 3 and 30 characters',
    );
    expect(translate('de-DE', 'no.such.key')).toBe('no.such.key');
  });
});

describe('languages', () => {
  it('falls back to German for anything unknown', () => {
    expect(DEFAULT_LANG).toBe('de-DE');
    expect(resolveLang('xx-YY')).toBe('de-DE');
    expect(resolveLang(undefined)).toBe('de-DE');
    expect(resolveLang('en')).toBe('en-GB');
    expect(resolveLang('ZH-cn')).toBe('zh-CN');
  });
});

describe('menu table', () => {
  it('has unique codes, each nested under its parent code', () => {
    const nodes = flattenMenu();
    expect(new Set(nodes.map((n) => n.code)).size).toBe(nodes.length);
    for (const n of nodes) if (n.parentCode) expect(n.code.startsWith(n.parentCode), n.code).toBe(true);
  });

  it('covers every gated route of the spec with its code', () => {
    const byPath = new Map<string | undefined, string>(
      flattenMenu().flatMap((n) => [
        [n.path, n.code] as const,
        ...(n.alsoPaths ?? []).map((a) => [a.path, n.code] as const),
      ]),
    );
    expect(byPath.get('/station/monitor')).toBe('2001001');
    expect(byPath.get('/station/monitor/info')).toBe('2001001003');
    expect(byPath.get('/device-center/dongle')).toBe('2002001');
    expect(byPath.get('/upgrade/upgrade-detail')).toBe('2009001002');
    expect(byPath.get('/organization/anergy/2')).toBe('2005002');
    expect(byPath.get('/system/menu')).toBe('2007003');
    expect(byPath.get('/report')).toBe('2008');
    expect(MENU_TREE.map((n) => n.code).sort()).toEqual([
      '2001',
      '2002',
      '2003',
      '2004',
      '2005',
      '2006',
      '2007',
      '2008',
      '2009',
    ]);
  });

  it('gives view-only roles no page that only changes data', () => {
    for (const type of ['OWNER', 'GUEST'] as const) {
      expect(DEFAULT_ROLE_PERMS[type]).not.toContain(PERM.stationAdd);
      expect(DEFAULT_ROLE_PERMS[type]).not.toContain(PERM.upgradeAdd);
    }
    expect(DEFAULT_ROLE_PERMS.INSTALLER).toContain(PERM.stationAdd);
  });

  it('names in PERM exist in the table', () => {
    const codes = new Set(flattenMenu().map((n) => n.code));
    for (const [name, code] of Object.entries(PERM)) expect(codes.has(code), name).toBe(true);
  });
});
