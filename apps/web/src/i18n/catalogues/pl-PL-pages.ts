// The pl-PL catalogue of the other pages: every web namespace not in the core catalogue (./pl-PL.ts), loaded
// with the first page that needs one (loadPageTexts in ../index.ts), and the contract's whole common namespace
// (the core catalogue has only some of its groups).
export default {
  ...import.meta.glob<Record<string, unknown>>(
    ['../locales/pl-PL/*.json', '!../locales/pl-PL/{alarm,app,dashboard,menu,monitor,system}.json'],
    { eager: true, import: 'default' },
  ),
  ...import.meta.glob<Record<string, unknown>>(
    '../../../../../packages/contract/src/locales/pl-PL/common.json',
    {
      eager: true,
      import: 'default',
    },
  ),
};
