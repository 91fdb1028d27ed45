// The nl-NL catalogue of the other pages: every web namespace not in the core catalogue (./nl-NL.ts), loaded
// with the first page that needs one (loadPageTexts in ../index.ts).
export default import.meta.glob<Record<string, unknown>>(
  ['../locales/nl-NL/*.json', '!../locales/nl-NL/{alarm,app,dashboard,menu,monitor,system}.json'],
  { eager: true, import: 'default' },
);
