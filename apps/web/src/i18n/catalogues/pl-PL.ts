// The pl-PL catalogues, web and contract, in one module: the language loads as one file (../index.ts).
export default {
  ...import.meta.glob<Record<string, unknown>>('../locales/pl-PL/*.json', { eager: true, import: 'default' }),
  ...import.meta.glob<Record<string, unknown>>(
    '../../../../../packages/contract/src/locales/pl-PL/common.json',
    {
      eager: true,
      import: 'default',
    },
  ),
};
