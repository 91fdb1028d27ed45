// The pl-PL catalogue of the other pages: every web namespace not in the core catalogue (./pl-PL.ts), loaded
// with the first page that needs one (loadPageTexts in ../index.ts).
export default import.meta.glob<Record<string, unknown>>(
  ['../locales/pl-PL/*.json', '!../locales/pl-PL/{alarm,app,dashboard,menu,monitor,system}.json'],
  { eager: true, import: 'default' },
);
