// The en-GB catalogue of the other pages: every web namespace not in the core catalogue (./en-GB.ts), loaded
// with the first page that needs one (loadPageTexts in ../index.ts), and the contract's whole common namespace
// (the core catalogue has only some of its groups).
export default {
  ...import.meta.glob<Record<string, unknown>>(
    ['../locales/en-GB/*.json', '!../locales/en-GB/{alarm,app,dashboard,menu,monitor,system}.json'],
    { eager: true, import: 'default' },
  ),
  ...import.meta.glob<Record<string, unknown>>(
    '../../../../../packages/contract/src/locales/en-GB/common.json',
    {
      eager: true,
      import: 'default',
    },
  ),
};
