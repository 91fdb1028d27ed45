// The zh-CN catalogue of the other pages: every web namespace not in the core catalogue (./zh-CN.ts), loaded
// with the first page that needs one (loadPageTexts in ../index.ts), and the contract's whole common namespace
// (the core catalogue has only some of its groups).
export default {
  ...import.meta.glob<Record<string, unknown>>(
    ['../locales/zh-CN/*.json', '!../locales/zh-CN/{alarm,app,dashboard,menu,monitor,system}.json'],
    { eager: true, import: 'default' },
  ),
  ...import.meta.glob<Record<string, unknown>>(
    '../../../../../packages/contract/src/locales/zh-CN/common.json',
    {
      eager: true,
      import: 'default',
    },
  ),
};
