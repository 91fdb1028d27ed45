import fs from 'node:fs';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin, parseSync } from 'vite';
import { CORE_COMMON_GROUPS } from './src/i18n/core-common.ts';

const CONTRACT = /[\\/]packages[\\/]contract[\\/]src[\\/][^\\/]+\.ts$/;

type Node = { type: string; start: number; end: number; [key: string]: unknown };
const isNode = (v: unknown): v is Node => typeof v === 'object' && v !== null && 'type' in v;

/**
 * Marks the calls that build the contract's top-level constants (`export const XSchema = z.object(…)`) as
 * pure, so that the bundler drops the ones the web never uses. A contract module that the web imports for
 * a constant or a type then no longer brings zod along: zod loads only with the pages that validate with a
 * schema. Calls inside functions are left alone: they run later, and may be run for their effects.
 */
export function pureContractConstants(): Plugin {
  return {
    name: 'pvstar:pure-contract-constants',
    apply: 'build',
    transform: {
      filter: { id: CONTRACT },
      handler(code, id) {
        const starts = new Set<number>();
        const visit = (node: Node) => {
          if (/Function|Class/.test(node.type)) return;
          if (node.type === 'CallExpression' || node.type === 'NewExpression') starts.add(node.start);
          for (const value of Object.values(node))
            for (const child of Array.isArray(value) ? value : [value]) if (isNode(child)) visit(child);
        };
        for (const statement of parseSync(id, code).program.body as unknown as Node[]) {
          const declaration = statement.type === 'ExportNamedDeclaration' ? statement.declaration : statement;
          if (!isNode(declaration) || declaration.type !== 'VariableDeclaration') continue;
          for (const declarator of declaration.declarations as Node[])
            if (isNode(declarator.init)) visit(declarator.init);
        }
        if (starts.size === 0) return null;
        let out = code;
        for (const at of [...starts].sort((a, b) => b - a))
          out = `${out.slice(0, at)}/* @__PURE__ */ ${out.slice(at)}`;
        return { code: out, map: null };
      },
    },
  };
}

const CORE_QUERY = '?core';
const PICKED = '\0pvstar-core-common:';
const PICKED_END = '.core.js';

/**
 * `…/common.json?core` is that catalogue with only the groups of CORE_COMMON_GROUPS: the core catalogue
 * (i18n/catalogues/<lang>.ts) carries those, the pages catalogue the whole namespace.
 */
export function pickCoreCommon(): Plugin {
  return {
    name: 'pvstar:core-common',
    enforce: 'pre',
    async resolveId(source, importer) {
      const at = source.indexOf(CORE_QUERY);
      if (at < 0 || !source.slice(0, at).endsWith('.json')) return null;
      const resolved = await this.resolve(source.slice(0, at), importer, { skipSelf: true });
      // An id that does not end in .json, so that the JSON plugin leaves the module to this one.
      return resolved ? `${PICKED}${resolved.id}${PICKED_END}` : null;
    },
    load(id) {
      if (!id.startsWith(PICKED)) return null;
      const file = id.slice(PICKED.length, -PICKED_END.length);
      this.addWatchFile(file);
      const all = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, unknown>;
      const picked = Object.fromEntries(CORE_COMMON_GROUPS.filter((k) => k in all).map((k) => [k, all[k]]));
      return `export default JSON.parse(${JSON.stringify(JSON.stringify(picked))});`;
    },
  };
}

export default defineConfig({
  plugins: [react(), pureContractConstants(), pickCoreCommon()],
  base: '/',
  // The only JSON is the message catalogues, read whole: as JSON.parse of one string each they are smaller
  // than as modules with an export per key.
  json: { namedExports: false, stringify: true },
  server: { proxy: { '^/(auth|system|station|iot|file|health|ready|docs)': 'http://localhost:8080' } },
  // The manifest tells bench/web-weight.ts which chunks each route loads first.
  build: {
    outDir: 'dist',
    sourcemap: false,
    chunkSizeWarningLimit: 1200,
    manifest: true,
    rolldownOptions: {
      treeshake: {
        // rc-form's index hangs its parts on the default export (Form.Field = Field, …), which counts as a
        // side effect and keeps the whole form library in every page: antd's ConfigProvider imports its
        // FormProvider from there. antd imports those parts by name, so nothing reads the hung-on ones.
        moduleSideEffects: [{ test: /@rc-component[\\/]form[\\/]es[\\/]index\.js$/, sideEffects: false }],
      },
    },
  },
});
