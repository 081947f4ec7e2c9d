import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import postcss from 'postcss';
import { describe, expect, it } from 'vitest';
import { ANTD_PREFIXES, allPrefixes, selectorCanMatch, trimmedStylesheet } from './antd-styles';

const known = new Set(['btn', 'input', 'input-number', 'color-picker', 'select', 'select-tree']);
const used = new Set(['btn', 'input', 'select']);

describe("Ant Design's stylesheet trimmed to the portal's components", () => {
  it('drops a selector only when it needs a class of a known component the portal does not use', () => {
    expect(selectorCanMatch('.ant-btn-primary:hover', known, used)).toBe(true);
    expect(selectorCanMatch('.ant-color-picker-trigger', known, used)).toBe(false);
    // The longest known prefix decides: input-number is a component of its own, not part of input.
    expect(selectorCanMatch('.ant-input-number-handler', known, used)).toBe(false);
    expect(selectorCanMatch('.ant-input-affix-wrapper', known, used)).toBe(true);
    expect(selectorCanMatch('.ant-select-tree-node', known, used)).toBe(false);
    expect(selectorCanMatch('.ant-select-dropdown .ant-select-item', known, used)).toBe(true);
    // A class under no known prefix (the motions) is kept, and so is one the selector only excludes.
    expect(selectorCanMatch('.ant-zoom-big-enter', known, used)).toBe(true);
    expect(selectorCanMatch('.ant-btn:not(.ant-color-picker)', known, used)).toBe(true);
    // A list inside :has() may match by another entry (the form's switch beside an unused component).
    expect(selectorCanMatch('.ant-input-x:has(>.ant-btn:only-child,>.ant-color-picker:only-child)', known, used)).toBe(
      true,
    );
    expect(selectorCanMatch('.ant-btn :is(.ant-select, :not(.ant-color-picker))', known, used)).toBe(true);
    expect(selectorCanMatch('.ant-color-picker:has(.ant-btn)', known, used)).toBe(false);
    expect(selectorCanMatch('body', known, used)).toBe(true);
  });

  it('keeps the rules that can match, in the layer antd', () => {
    const css = [
      '.ant-btn{color:red}',
      '.ant-btn,.ant-color-picker{margin:0}',
      '.ant-color-picker{color:blue}',
      '@media (max-width:575px){.ant-color-picker{display:none}}',
      '@keyframes antZoomIn{0%{opacity:0}to{opacity:1}}',
      '.ant-btn [class^="ant-btn"],.ant-color-picker [class*=" ant-color-picker"]:after{box-sizing:border-box}',
    ].join('');
    const out = postcss.parse(trimmedStylesheet(css, known, used));
    const layer = out.first as postcss.AtRule;
    expect(out.nodes).toHaveLength(1);
    expect(layer.name).toBe('layer');
    expect(layer.params).toBe('antd');
    const rules = (layer.nodes ?? []).map((n) => n.toString());
    expect(rules).toEqual([
      '.ant-btn{color:red}',
      '.ant-btn{margin:0}',
      '@keyframes antZoomIn{0%{opacity:0}to{opacity:1}}',
      '.ant-btn [class^="ant-btn"]{box-sizing:border-box}',
    ]);
  });

  it("keeps every rule of the portal's components from the real stylesheet, and leaves out the others", () => {
    const antd = path.dirname(createRequire(import.meta.url).resolve('antd/package.json'));
    const css = fs.readFileSync(path.join(antd, 'dist/antd.css'), 'utf8');
    const all = allPrefixes(antd);
    for (const p of [...ANTD_PREFIXES, 'color-picker', 'transfer', 'carousel', 'mentions'])
      expect(all.has(p), p).toBe(true);
    const trimmed = trimmedStylesheet(css, all, new Set(ANTD_PREFIXES));
    const selectors = (text: string) => {
      const found: string[] = [];
      postcss.parse(text).walkRules((r) => {
        found.push(...r.selectors);
      });
      return new Set(found);
    };
    const before = selectors(css);
    const kept = selectors(trimmed);
    // Rules of components the portal shows, as Ant Design writes them, are there.
    for (const s of [
      '.ant-btn',
      '.ant-table-wrapper .ant-table',
      '.ant-picker-dropdown',
      '.ant-select-dropdown',
      '.ant-modal',
    ]) {
      expect(before.has(s), s).toBe(true);
      expect(kept.has(s), s).toBe(true);
    }
    // The others' are not, nor a rule needing one of them beside a used one.
    for (const s of before)
      if (/\.ant-(color-picker|transfer|carousel|mentions|cascader)\b/.test(s)) expect(kept.has(s), s).toBe(false);
    expect(before.has('.ant-cascader-dropdown.ant-select-dropdown')).toBe(true);
    expect(trimmed.length).toBeLessThan(css.length * 0.9);
  });
});
