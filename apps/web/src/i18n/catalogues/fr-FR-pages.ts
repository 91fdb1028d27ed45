// The fr-FR catalogue of the other pages: every web namespace not in the core catalogue (./fr-FR.ts), loaded
// with the first page that needs one (loadPageTexts in ../index.ts).
export default import.meta.glob<Record<string, unknown>>(
  ['../locales/fr-FR/*.json', '!../locales/fr-FR/{alarm,app,dashboard,menu,monitor,system}.json'],
  { eager: true, import: 'default' },
);
