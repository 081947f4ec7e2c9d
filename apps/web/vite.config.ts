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

export default defineConfig({
  plugins: [react(), preloadLoginScreen()],
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
  },
});
