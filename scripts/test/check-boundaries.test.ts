import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const script = path.resolve(import.meta.dirname, '../check-boundaries.mjs');
const dirs: string[] = [];

function tree(files: Record<string, string>) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'boundaries-'));
  dirs.push(dir);
  for (const [name, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    fs.writeFileSync(path.join(dir, name), text);
  }
  return spawnSync(process.execPath, [script, dir], { encoding: 'utf8' });
}
afterAll(() => {
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
});

describe('scripts/check-boundaries.mjs', () => {
  it('passes a tree that keeps the rules', () => {
    const res = tree({
      'packages/contract/src/a.ts': 'export const a = 1;',
      'apps/web/src/features/cart/x.ts':
        "import { a } from '../../../../../packages/contract/src/a.ts';\nimport { c } from '../../components/c.ts';",
      'apps/web/src/components/c.ts': 'export const c = 1;',
      'apps/server/src/s.ts': "import { a } from '../../../packages/contract/src/a.ts';",
    });
    expect(res.status).toBe(0);
  });

  it('fails on every kind of violation, naming each', () => {
    const res = tree({
      'apps/web/src/features/cart/x.ts':
        "import { y } from '../catalog/y.ts';\nimport { s } from '../../../../server/src/s.ts';",
      'apps/web/src/features/catalog/y.ts': 'export const y = 1;',
      'apps/web/src/components/c.ts': "import { y } from '../features/catalog/y.ts';",
      'apps/web/src/lib/index.ts': "export * from './p.ts';",
      'apps/web/src/lib/p.ts': "import { q } from './q.ts'; export const p = 1;",
      'apps/web/src/lib/q.ts': "import { p } from './p.ts'; export const q = 1;",
      'apps/server/src/s.ts': "import x from '@portal/web/x';",
    });
    expect(res.status).toBe(1);
    expect(res.stderr).toContain('feature "cart" imports feature "catalog"');
    expect(res.stderr).toContain('the web may not import apps/server/src/s.ts');
    expect(res.stderr).toContain('shared code imports feature "catalog"');
    expect(res.stderr).toContain('barrel index files are not allowed');
    expect(res.stderr).toContain('import cycle');
    expect(res.stderr).toContain('the server may not import @portal/web/x');
  });
});
