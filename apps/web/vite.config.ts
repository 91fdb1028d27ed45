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

/**
 * Parts of antd that antd's components import whatever their props, and the app never uses: built as
 * stubs, so that no page loads them (decision 007). `antd-stubs.test.ts` fails when the app starts using one.
 * - Typography's in-place editing (`editable`): a TextArea, with antd's input.
 * - Table's column filters (`filters`, `filterDropdown`, `onFilter`): a tree, a menu, radios, checkboxes.
 * - Card's tabs (`tabList`): antd's Tabs, with their overflow menu.
 * - The App context's notifications (`notification`; the app's toasts are `message`): antd's notification.
 */
export const ANTD_STUBS = [
  {
    importer: /[\\/]antd[\\/]es[\\/]typography[\\/]Base[\\/]index\.js$/,
    source: '../Editable',
    code: 'export default function Editable() { return null; }',
  },
  {
    importer: /[\\/]antd[\\/]es[\\/]table[\\/]hooks[\\/]useFilter[\\/]index\.js$/,
    source: './FilterDropdown',
    code: 'export default function FilterDropdown(props) { return props.children; }\nexport const flattenKeys = () => [];',
  },
  {
    importer: /[\\/]antd[\\/]es[\\/]card[\\/]Card\.js$/,
    source: '../tabs',
    code: 'export default function Tabs() { return null; }',
  },
  {
    importer: /[\\/]antd[\\/]es[\\/]app[\\/]App\.js$/,
    source: '../notification/useNotification',
    code: 'export default function useNotification() { return [{}, null]; }',
  },
];
const STUB = '\0pvstar-antd-stub:';

export function stubUnusedAntd(): Plugin {
  return {
    name: 'pvstar:antd-stubs',
    apply: 'build',
    enforce: 'pre',
    resolveId(source, importer) {
      const at = ANTD_STUBS.findIndex((s) => s.source === source && importer && s.importer.test(importer));
      return at < 0 ? null : `${STUB}${at}`;
    },
    load(id) {
      return id.startsWith(STUB) ? ANTD_STUBS[Number(id.slice(STUB.length))]!.code : null;
    },
  };
}

const PICKED = '\0pvstar-common:';
const PICKS = { core: '.core.js', rest: '.rest.js' } as const;

/**
 * `…/common.json?core` is that catalogue with only the groups of CORE_COMMON_GROUPS, which the core
 * catalogue (i18n/catalogues/<lang>.ts) carries; `…/common.json?rest` the other groups, which load with
 * the first view that waits for its texts (i18n/index.ts).
 */
export function pickCoreCommon(): Plugin {
  return {
    name: 'pvstar:core-common',
    enforce: 'pre',
    async resolveId(source, importer) {
      const [file, query] = source.split('?') as [string, string | undefined];
      if (!file.endsWith('.json') || (query !== 'core' && query !== 'rest')) return null;
      const resolved = await this.resolve(file, importer, { skipSelf: true });
      // An id that does not end in .json, so that the JSON plugin leaves the module to this one.
      return resolved ? `${PICKED}${resolved.id}${PICKS[query]}` : null;
    },
    load(id) {
      if (!id.startsWith(PICKED)) return null;
      const core = id.endsWith(PICKS.core);
      const file = id.slice(PICKED.length, -PICKS.core.length);
      this.addWatchFile(file);
      const all = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, unknown>;
      const groups = new Set<string>(CORE_COMMON_GROUPS);
      const picked = Object.fromEntries(Object.entries(all).filter(([k]) => groups.has(k) === core));
      return `export default JSON.parse(${JSON.stringify(JSON.stringify(picked))});`;
    },
  };
}

export default defineConfig({
  plugins: [react(), pureContractConstants(), pickCoreCommon(), stubUnusedAntd()],
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
