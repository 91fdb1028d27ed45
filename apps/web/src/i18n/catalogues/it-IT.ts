// The it-IT catalogues, web and contract, in one module: the language loads as one file (../index.ts).
export default {
  ...import.meta.glob<Record<string, unknown>>('../locales/it-IT/*.json', { eager: true, import: 'default' }),
  ...import.meta.glob<Record<string, unknown>>(
    '../../../../../packages/contract/src/locales/it-IT/common.json',
    {
      eager: true,
      import: 'default',
    },
  ),
};
