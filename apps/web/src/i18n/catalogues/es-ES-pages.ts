// The es-ES catalogue of the other pages: every web namespace not in the core catalogue (./es-ES.ts), loaded
// with the first page that needs one (loadPageTexts in ../index.ts).
export default import.meta.glob<Record<string, unknown>>(
  ['../locales/es-ES/*.json', '!../locales/es-ES/{alarm,app,dashboard,menu,monitor,system}.json'],
  { eager: true, import: 'default' },
);
