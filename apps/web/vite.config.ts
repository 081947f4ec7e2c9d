import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type HtmlTagDescriptor, type Plugin } from 'vite';

const apiTarget = process.env.API_TARGET ?? 'http://localhost:3000';

/**
 * index.html asks for the /login screen's chunk, the chunks it imports and its CSS at once, beside the entry,
 * instead of after the entry has run (most visits start at /login; about 10 KB gzip for the others).
 * Decision 0023.
 */
function preloadLoginScreen(): Plugin {
  const LOGIN = '/src/features/auth/routes/login.tsx';
  return {
    name: 'preload-login-screen',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const bundle = ctx.bundle;
        if (!bundle) return html;
        const login = Object.values(bundle).find(
          (c) => c.type === 'chunk' && c.facadeModuleId?.replace(/\\/g, '/').endsWith(LOGIN),
        );
        if (login?.type !== 'chunk') return html;
        const scripts = new Set<string>();
        const styles = new Set<string>();
        const add = (file: string) => {
          const chunk = bundle[file];
          if (scripts.has(file) || !chunk || chunk.type !== 'chunk') return;
          scripts.add(file);
          for (const css of chunk.viteMetadata?.importedCss ?? []) styles.add(css);
          for (const imported of chunk.imports) add(imported);
        };
        add(login.fileName);
        const tags: HtmlTagDescriptor[] = [
          ...[...scripts]
            .filter((f) => !html.includes(`/${f}"`))
            .map((f) => ({ tag: 'link', attrs: { rel: 'modulepreload', crossorigin: true, href: `/${f}` } })),
          ...[...styles]
            .filter((f) => !html.includes(`/${f}"`))
            .map((f) => ({ tag: 'link', attrs: { rel: 'preload', as: 'style', href: `/${f}` } })),
        ].map((t) => ({ ...t, injectTo: 'head' as const }));
        return { html, tags };
      },
    },
  };
}

/**
 * How the built app is cut into files (decision 0073). Left to itself the bundler makes a file of every set of modules
 * that a distinct set of screens shares: 265 files, 115 to 150 of them fetched to open one signed-in page. Here, in
 * order of priority:
 * - `shell`: what the entry and the /login screen import statically, the same bytes as before (DESIGN §7's 300 KB
 *   budget for /login) in one file instead of dozens;
 * - `antd`: the rest of Ant Design and its rc-components, fetched once by the first signed-in page;
 * - `vendor`: the other libraries, except the heavy ones only some screens use (charts, maps, the rich-text editor,
 *   spreadsheets), which stay in files of their own, fetched by those screens only;
 * - `app`: the shared components and libraries of the web app;
 * - one file per feature area (`area-catalog`, `area-sales`, …): its screens together.
 * The shell's modules are known once the module graph is built (`buildEnd`), before the chunks are made.
 */
function chunking() {
  const src = fileURLToPath(new URL('./src/', import.meta.url));
  const entry = `${src}app/main.tsx`;
  const shell = new Set<string>();
  const lazyLibraries =
    /node_modules[\\/](recharts|recharts-scale|victory-vendor|d3-[a-z-]+|leaflet|react-leaflet|@react-leaflet|@tiptap|prosemirror-[a-z-]+|@lexical|lexical|exceljs|xlsx|papaparse|jszip)[\\/]/;
  const plugin: Plugin = {
    name: 'shell-modules',
    apply: 'build',
    buildEnd() {
      const stack = [entry, `${src}features/auth/routes/login.tsx`];
      while (stack.length) {
        const next = stack.pop()!;
        if (shell.has(next)) continue;
        shell.add(next);
        for (const imported of this.getModuleInfo(next)?.importedIds ?? []) stack.push(imported);
      }
      shell.delete(entry);
    },
  };
  const groups = [
    { name: 'shell', priority: 50, test: (id: string) => shell.has(id) },
    {
      name: 'antd',
      priority: 40,
      test: (id: string) => /node_modules[\\/](antd|@ant-design|@rc-component|rc-[a-z-]+)[\\/]/.test(id),
    },
    { name: 'vendor', priority: 30, test: (id: string) => /node_modules[\\/]/.test(id) && !lazyLibraries.test(id) },
    {
      name: 'app',
      priority: 20,
      test: (id: string) => id !== entry && id.startsWith(src) && !id.startsWith(`${src}features/`),
    },
    {
      name: (id: string) => {
        const area = /[\\/]src[\\/]features[\\/]([a-z-]+)[\\/]/.exec(id)?.[1];
        return area ? `area-${area}` : null;
      },
      priority: 10,
    },
  ];
  return { plugin, groups };
}
const split = chunking();

export default defineConfig({
  plugins: [react(), preloadLoginScreen(), split.plugin],
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
    rolldownOptions: { output: { codeSplitting: { groups: split.groups } } },
  },
});
