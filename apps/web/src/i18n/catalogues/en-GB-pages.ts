// The en-GB catalogue of the other pages: every web namespace not in the core catalogue (./en-GB.ts), loaded
// with the first page that needs one (loadPageTexts in ../index.ts).
export default import.meta.glob<Record<string, unknown>>(
  ['../locales/en-GB/*.json', '!../locales/en-GB/{alarm,app,dashboard,menu,monitor,system}.json'],
  { eager: true, import: 'default' },
);
