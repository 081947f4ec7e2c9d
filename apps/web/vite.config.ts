import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import type { ChunkingContext } from 'rolldown';
import { defineConfig, type Plugin } from 'vite';
import { antdStyles } from './vite-plugins/antd-styles.ts';
import { precompress } from './vite-plugins/precompress.ts';

const apiTarget = process.env.API_TARGET ?? 'http://localhost:3000';

const nodeModule = (names: string) => new RegExp(`[\\\\/]node_modules[\\\\/](?:${names})[\\\\/]`);
/**
 * Chunks by what loads together (issue 25: a signed-in page asked for 136–172 scripts from a cold cache, one shared
 * chunk per combination of the routes using a module). Everything the entry and the sign-in screen import is one chunk
 * (`first`: most visits start at /login); then React's libraries, Ant Design, the other libraries and the app's shared
 * code (lib, components, the signed-in layout, the contract) are one chunk each; what a feature's screens share is one
 * chunk, each screen's own code one more; the heavy libraries of one screen (charts, maps, the rich-text editor) stay
 * with the screens that use them. Decisions 0082 and 0087.
 */
const HEAVY = {
  charts: 'recharts|d3-[a-z-]+|victory-vendor|internmap|decimal\\.js-light',
  maps: 'leaflet|react-leaflet|@react-leaflet',
  editor: '@tiptap|prosemirror-[a-z-]+|orderedmap|rope-sequence|w3c-keyname|linkifyjs|markdown-it|@floating-ui|crelt',
};
const FIRST_SCREEN = [
  fileURLToPath(new URL('./src/app/main.tsx', import.meta.url)),
  fileURLToPath(new URL('./src/features/account/routes/login.tsx', import.meta.url)),
];
let firstScreen: Set<string> | null = null;
/** Forgets the first screen's modules when a build starts (a watching build may have changed them). */
const firstScreenReset: Plugin = {
  name: 'first-screen-reset',
  buildStart() {
    firstScreen = null;
  },
};
/** Every module the entry and the sign-in screen import statically: one chunk, whatever else shares them. */
function firstScreenChunk(id: string, ctx: ChunkingContext): string | null {
  if (!firstScreen) {
    firstScreen = new Set();
    const stack = [...FIRST_SCREEN];
    for (let next = stack.pop(); next !== undefined; next = stack.pop()) {
      if (firstScreen.has(next)) continue;
      firstScreen.add(next);
      stack.push(...(ctx.getModuleInfo(next)?.importedIds ?? []));
    }
  }
  return firstScreen.has(id) ? 'first' : null;
}
/**
 * Ant Design's icons without their English names (decision 0092): each icon module's base component (`AntdIcon`,
 * `AntdIconLight` of @ant-design/icons) is resolved to a module wrapping it in `quietIcon` (src/lib/quiet-icon.tsx),
 * for the portal's icons and for those Ant Design draws inside its own components alike.
 */
const QUIET = '\0quiet-icon:';
const QUIET_ICON = fileURLToPath(new URL('./src/lib/quiet-icon.tsx', import.meta.url));
const quietIcons: Plugin = {
  name: 'quiet-icons',
  enforce: 'pre',
  async resolveId(source, importer, options) {
    if (!/[\\/]components[\\/]AntdIcon(Light)?(\.js)?$/.test(source) || importer?.startsWith(QUIET)) return null;
    if (!importer || !/[\\/]@ant-design[\\/]icons[\\/]/.test(importer)) return null;
    const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
    return resolved ? `${QUIET}${resolved.id}` : null;
  },
  load(id) {
    if (!id.startsWith(QUIET)) return null;
    const original = id.slice(QUIET.length);
    return [
      `import Original from ${JSON.stringify(original)};`,
      `import { quietIcon } from ${JSON.stringify(QUIET_ICON)};`,
      'export default quietIcon(Original);',
    ].join('\n');
  },
};
const CHUNK_GROUPS = [
  // Day.js and its locales in a chunk of their own, which imports nothing: the entry awaits a language's locale
  // before it renders (top-level await in main.tsx); in a chunk that imports the entry's, that import would wait for
  // the entry, and the entry for it (Portuguese and French contexts never started).
  { name: 'dayjs', test: nodeModule('dayjs'), priority: 110 },
  { name: firstScreenChunk, debugName: 'first', priority: 100 },
  {
    name: 'react',
    test: nodeModule('react|react-dom|scheduler|react-router|@tanstack|cookie|set-cookie-parser|i18next|react-i18next'),
    priority: 60,
  },
  {
    name: 'antd',
    // With the wrapper of its icons (quietIcons), which the icons import.
    test: (id: string) =>
      nodeModule('antd|@ant-design|@rc-component|rc-[a-z-]+|classnames|clsx|@babel|stylis|@emotion').test(id) ||
      id === QUIET_ICON,
    priority: 50,
  },
  // Every other library, but those of one screen (charts, maps, the editor).
  {
    name: 'lib',
    test: (id: string) => /[\\/]node_modules[\\/]/.test(id) && !nodeModule(Object.values(HEAVY).join('|')).test(id),
    priority: 45,
  },
  ...Object.entries(HEAVY).map(([name, names]) => ({ name, test: nodeModule(names), priority: 40 })),
  // The editor's own component goes with its library, not with the shared code every screen loads.
  { name: 'editor', test: /[\\/]src[\\/]components[\\/]rich-text-editor/, priority: 40 },
  // The shared code, and the features' stylesheets: in the shared stylesheet, asked with the entry's files, not each
  // asked once its screen's code has come (decision 0098). Not the maps': they restyle Leaflet's sheet, which comes
  // with the maps' chunk, so they must come after it (in the shared sheet, Leaflet's rules won and the list moved
  // under the map on a phone).
  {
    name: 'app',
    test: (id: string) =>
      /[\\/](?:packages[\\/]contract|apps[\\/]web[\\/]src[\\/](?:lib[\\/]|components[\\/]|app[\\/]layout[\\/]|app[\\/]antd-locale\.ts))/.test(
        id,
      ) || /[\\/]apps[\\/]web[\\/]src[\\/]features[\\/](?!maps[\\/]).+\.css$/.test(id),
    priority: 10,
  },
  // A screen's own modules go with the screen (its route's chunk, not a stub re-exporting from the feature's chunk);
  // what two of a feature's screens or lazy parts share goes in the feature's chunk (decision 0087).
  {
    name: (id: string) => /[\\/]src[\\/]features[\\/]([^\\/]+)[\\/]/.exec(id)?.[1] ?? null,
    debugName: 'feature',
    test: (id: string) => /[\\/]src[\\/]features[\\/]/.test(id) && !/[\\/]routes[\\/]/.test(id),
    minShareCount: 2,
    priority: 5,
  },
];

export default defineConfig({
  plugins: [react(), firstScreenReset, quietIcons, antdStyles(), precompress()],
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: apiTarget, changeOrigin: false },
      '/token': { target: apiTarget, changeOrigin: false },
    },
  },
  preview: {
    port: 4173,
    proxy: {
      '/api': { target: apiTarget, changeOrigin: false },
      '/token': { target: apiTarget, changeOrigin: false },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    manifest: true,
    target: 'es2022',
    chunkSizeWarningLimit: 900,
    rolldownOptions: { output: { codeSplitting: { groups: CHUNK_GROUPS } } },
  },
});
