/**
 * What the locale tests of the contract's and the web's catalogues read them by (tests only): the leaves
 * of a catalogue, the placeholders of a text, and i18next's count plurals (`key_one`, `key_other`, … with
 * the categories of each language: Polish also `_few` and `_many`, Chinese `_other` only), so that
 * languages may differ in those keys but not in their base.
 */
export type Tree = { [key: string]: string | Tree };

export const leaves = (tree: Tree, prefix = ''): [string, string][] =>
  Object.entries(tree).flatMap(([k, v]) =>
    typeof v === 'string' ? [[`${prefix}${k}`, v] as [string, string]] : leaves(v, `${prefix}${k}.`),
  );

export const placeholders = (text: string) =>
  [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();

export const PLURAL = /_(zero|one|two|few|many|other)$/;
export const baseKey = (key: string) => key.replace(PLURAL, '');
export const pluralCategories = (lang: string) =>
  [...new Intl.PluralRules(lang).resolvedOptions().pluralCategories].sort();

/** Each base key with its plural categories (empty for a key without plurals). */
export function byBase(entries: [string, string][]): Map<string, string[]> {
  const bases = new Map<string, string[]>();
  for (const [key] of entries) {
    const category = PLURAL.exec(key)?.[1];
    const list = bases.get(baseKey(key)) ?? [];
    if (category) list.push(category);
    bases.set(baseKey(key), list.sort());
  }
  return bases;
}
