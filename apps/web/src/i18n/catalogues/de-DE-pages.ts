// The de-DE catalogue of the other pages: every web namespace not in the core catalogue (./de-DE.ts), loaded
// with the first page that needs one (loadPageTexts in ../index.ts), and the contract's whole common namespace
// (the core catalogue has only some of its groups).
export default {
  ...import.meta.glob<Record<string, unknown>>(
    ['../locales/de-DE/*.json', '!../locales/de-DE/{alarm,app,dashboard,menu,monitor,system}.json'],
    { eager: true, import: 'default' },
  ),
  ...import.meta.glob<Record<string, unknown>>(
    '../../../../../packages/contract/src/locales/de-DE/common.json',
    {
      eager: true,
      import: 'default',
    },
  ),
};
