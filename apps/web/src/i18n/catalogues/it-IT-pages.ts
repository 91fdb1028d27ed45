// The it-IT catalogue of the other pages: every web namespace not in the core catalogue (./it-IT.ts), loaded
// with the first page that needs one (loadPageTexts in ../index.ts), and the contract's whole common namespace
// (the core catalogue has only some of its groups).
export default {
  ...import.meta.glob<Record<string, unknown>>(
    ['../locales/it-IT/*.json', '!../locales/it-IT/{alarm,app,dashboard,menu,monitor,system}.json'],
    { eager: true, import: 'default' },
  ),
  ...import.meta.glob<Record<string, unknown>>(
    '../../../../../packages/contract/src/locales/it-IT/common.json',
    {
      eager: true,
      import: 'default',
    },
  ),
};
