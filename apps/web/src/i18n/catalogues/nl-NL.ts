// The nl-NL core catalogue, web and contract, in one module: what the shell, the sign-in pages and the
// dashboard use (CORE_NAMESPACES in ../index.ts). The other namespaces are in ./nl-NL-pages.ts.
export default {
  ...import.meta.glob<Record<string, unknown>>(
    '../locales/nl-NL/{alarm,app,dashboard,menu,monitor,system}.json',
    {
      eager: true,
      import: 'default',
    },
  ),
  // Of the contract's common namespace, the groups of the core screens (../core-common.ts).
  ...import.meta.glob<Record<string, unknown>>(
    '../../../../../packages/contract/src/locales/nl-NL/common.json',
    {
      eager: true,
      import: 'default',
      query: '?core',
    },
  ),
};
