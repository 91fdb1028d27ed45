// The nl-NL catalogue of the other pages: every web namespace not in the core catalogue (./nl-NL.ts), loaded
// with the first page that needs one (loadPageTexts in ../index.ts), and the contract's whole common namespace
// (the core catalogue has only some of its groups).
export default {
  ...import.meta.glob<Record<string, unknown>>(
    ['../locales/nl-NL/*.json', '!../locales/nl-NL/{alarm,app,dashboard,menu,monitor,system}.json'],
    { eager: true, import: 'default' },
  ),
  ...import.meta.glob<Record<string, unknown>>(
    '../../../../../packages/contract/src/locales/nl-NL/common.json',
    {
      eager: true,
      import: 'default',
    },
  ),
};
