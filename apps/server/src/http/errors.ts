/** The failures a route answers with live in lib/ (lib and domain throw them too); routes import them here. */
export * from '../lib/errors.ts';
