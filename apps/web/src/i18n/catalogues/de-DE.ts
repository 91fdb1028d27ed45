// The de-DE catalogues, web and contract, in one module: the language loads as one file (../index.ts).
export default {
  ...import.meta.glob<Record<string, unknown>>('../locales/de-DE/*.json', { eager: true, import: 'default' }),
  ...import.meta.glob<Record<string, unknown>>(
    '../../../../../packages/contract/src/locales/de-DE/common.json',
    {
      eager: true,
      import: 'default',
    },
  ),
};
