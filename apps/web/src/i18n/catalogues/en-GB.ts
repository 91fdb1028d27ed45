// The en-GB core catalogue, web and contract, in one module: what the shell, the sign-in pages and the
// dashboard use (CORE_NAMESPACES in ../index.ts). The other namespaces are in ./en-GB-pages.ts.
export default {
  ...import.meta.glob<Record<string, unknown>>(
    '../locales/en-GB/{alarm,app,dashboard,menu,monitor,system}.json',
    {
      eager: true,
      import: 'default',
    },
  ),
  // Of the contract's common namespace, the groups of the core screens (../core-common.ts).
  ...import.meta.glob<Record<string, unknown>>(
    '../../../../../packages/contract/src/locales/en-GB/common.json',
    {
      eager: true,
      import: 'default',
      query: '?core',
    },
  ),
};
