// The nl-NL catalogues, web and contract, in one module: the language loads as one file (../index.ts).
export default {
  ...import.meta.glob<Record<string, unknown>>('../locales/nl-NL/*.json', { eager: true, import: 'default' }),
  ...import.meta.glob<Record<string, unknown>>(
    '../../../../../packages/contract/src/locales/nl-NL/common.json',
    {
      eager: true,
      import: 'default',
    },
  ),
};
