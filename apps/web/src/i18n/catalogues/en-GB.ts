// The en-GB catalogues, web and contract, in one module: the language loads as one file (../index.ts).
export default {
  ...import.meta.glob<Record<string, unknown>>('../locales/en-GB/*.json', { eager: true, import: 'default' }),
  ...import.meta.glob<Record<string, unknown>>(
    '../../../../../packages/contract/src/locales/en-GB/common.json',
    {
      eager: true,
      import: 'default',
    },
  ),
};
