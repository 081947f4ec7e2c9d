import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import postcss from 'postcss';
import type { Plugin } from 'vite';

/**
 * Ant Design's static stylesheet (theme.zeroRuntime, decision 0094) without the components the portal never shows
 * (decision 0097). `antd/dist/antd.css` holds every component (993 KB): a browser parsed all of it and matched every
 * element against it on each first load, about a third of a signed-in page's main thread. The module
 * `virtual:antd-styles.css` is that stylesheet in the cascade layer `antd` (the portal's stylesheets win over it
 * whatever order they load in) with the rules of the components outside `ANTD_PREFIXES` left out.
 *
 * `ANTD_PREFIXES` are the class prefixes (`ant-<prefix>`) of the Ant Design code in the build: the production build
 * reads them from the Ant Design modules it bundled (their `getPrefixCls('<prefix>')`) and fails when the list is not
 * exactly those, so a component used anywhere cannot be left without its styles, and the stylesheet's name (its
 * content's hash) changes whenever the list does.
 */
export const ANTD_PREFIXES = [
  'alert',
  'avatar',
  'badge',
  'btn',
  'btn-group',
  'card',
  'checkbox',
  'col',
  'collapse',
  'descriptions',
  'drawer',
  'dropdown',
  'empty',
  'form',
  'image',
  'input',
  'input-group',
  'input-number',
  'input-password',
  'input-search',
  'layout',
  'layout-sider',
  'list',
  'menu',
  'message',
  'modal',
  'notification',
  'otp',
  'pagination',
  'picker',
  'popconfirm',
  'popover',
  'progress',
  'radio',
  'result',
  'ribbon',
  'row',
  'scroll-number',
  'segmented',
  'select',
  'select-tree',
  'skeleton',
  'space',
  'space-addon',
  'space-compact',
  'spin',
  'steps',
  'switch',
  'table',
  'tabs',
  'tag',
  'timeline',
  'tooltip',
  'tree',
  'tree-select',
  'typography',
  'upload',
  'wave',
];

const MODULE = 'virtual:antd-styles.css';
const PREFIX_CALL = /getPrefixCls\(\s*(?:[A-Za-z_$][\w$]*\s*\|\|\s*)?'([a-z][a-z0-9-]*)'/g;

/** The prefixes one module's source asks for. */
function prefixesIn(source: string): string[] {
  return [...source.matchAll(PREFIX_CALL)].map((m) => m[1] as string);
}

/** Every prefix any Ant Design module asks for: a class under another prefix is not one of its components'. */
export function allPrefixes(antdRoot: string): Set<string> {
  const found = new Set<string>();
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(file);
      else if (entry.name.endsWith('.js')) for (const p of prefixesIn(fs.readFileSync(file, 'utf8'))) found.add(p);
    }
  };
  walk(path.join(antdRoot, 'es'));
  return found;
}

/**
 * Whether `selector` can match a page whose Ant Design components are those of `used`: not when it needs a class of a
 * known component outside them. A class inside `:not(…)`, `:has(…)`, `:is(…)` or `:where(…)` is not needed: those
 * take lists whose other entries may match, or exclude it. Classes under no known prefix, such as the motions'
 * `ant-zoom-enter`, are kept.
 */
export function selectorCanMatch(selector: string, known: Set<string>, used: Set<string>): boolean {
  let needed = selector;
  for (let inner = needed; ; needed = inner) {
    inner = needed.replace(/:(?:not|has|is|where)\([^()]*\)/g, '');
    if (inner === needed) break;
  }
  for (const [, name] of needed.matchAll(/\.ant-([a-z0-9-]+)/g)) {
    const parts = (name as string).split('-');
    for (let n = parts.length; n > 0; n--) {
      const prefix = parts.slice(0, n).join('-');
      if (known.has(prefix)) {
        if (!used.has(prefix)) return false;
        break;
      }
    }
  }
  return true;
}

/** The stylesheet's rules that can match, in the layer `antd`. */
export function trimmedStylesheet(css: string, known: Set<string>, used: Set<string>): string {
  const root = postcss.parse(css);
  root.walkRules((rule) => {
    const kept = rule.selectors.filter((s) => selectorCanMatch(s, known, used));
    if (kept.length === 0) rule.remove();
    else if (kept.length < rule.selectors.length) rule.selectors = kept;
  });
  root.walkAtRules((at) => {
    if (at.nodes && at.nodes.length === 0) at.remove();
  });
  return `@layer antd{${root.toString()}}`;
}

export function antdStyles(): Plugin {
  const require = createRequire(import.meta.url);
  const antdRoot = path.dirname(require.resolve('antd/package.json'));
  let known: Set<string> | null = null;
  return {
    name: 'antd-styles',
    resolveId(source) {
      return source === MODULE ? MODULE : null;
    },
    load(id) {
      if (id !== MODULE) return null;
      known ??= allPrefixes(antdRoot);
      const css = fs.readFileSync(path.join(antdRoot, 'dist/antd.css'), 'utf8');
      return trimmedStylesheet(css, known, new Set(ANTD_PREFIXES));
    },
    generateBundle(_options, bundle) {
      const bundled = new Set<string>();
      for (const output of Object.values(bundle)) {
        if (output.type !== 'chunk') continue;
        for (const id of Object.keys(output.modules)) {
          if (!/[\\/]node_modules[\\/]antd[\\/]es[\\/].*\.js$/.test(id)) continue;
          for (const p of prefixesIn(fs.readFileSync(id, 'utf8'))) bundled.add(p);
        }
      }
      const listed = new Set(ANTD_PREFIXES);
      const missing = [...bundled].filter((p) => !listed.has(p)).sort();
      const unused = [...listed].filter((p) => !bundled.has(p)).sort();
      if (missing.length || unused.length)
        this.error(
          `ANTD_PREFIXES (apps/web/vite-plugins/antd-styles.ts) must be the Ant Design prefixes the build holds: ${
            missing.length ? `add ${missing.join(', ')}` : ''
          }${missing.length && unused.length ? '; ' : ''}${unused.length ? `remove ${unused.join(', ')}` : ''}.`,
        );
    },
  };
}
