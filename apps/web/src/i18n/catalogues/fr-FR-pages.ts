// The fr-FR catalogue of the other pages: every web namespace not in the core catalogue (./fr-FR.ts), loaded
// with the first page that needs one (loadPageTexts in ../index.ts), and the contract's whole common namespace
// (the core catalogue has only some of its groups).
export default {
  ...import.meta.glob<Record<string, unknown>>(
    ['../locales/fr-FR/*.json', '!../locales/fr-FR/{alarm,app,dashboard,menu,monitor,system}.json'],
    { eager: true, import: 'default' },
  ),
  ...import.meta.glob<Record<string, unknown>>(
    '../../../../../packages/contract/src/locales/fr-FR/common.json',
    {
      eager: true,
      import: 'default',
    },
  ),
};
