import { describe, expect, it } from 'vitest';
import { createFolderRequest, deleteFolderQuery, fileIcon, filesQuery, folderName, slashed } from './files.ts';

describe('file library rules', () => {
  it.each([
    ['Catálogo.pdf', 'pdf'],
    ['TARIFA.PDF', 'pdf'],
    ...['xls', 'xlsx', 'xlsm', 'csv', 'xlt'].map((ext) => [`tarifa.${ext}`, 'excel']),
    ['informe.docx', 'file'],
    ['léame.txt', 'file'],
    ['sin extensión', 'file'],
    ['pdf', 'file'],
  ])('%s shows the %s icon', (name, icon) => {
    expect(fileIcon(name)).toBe(icon);
  });

  it('reads backslashes as slashes and drops empty parts', () => {
    expect(slashed('Tarifas\\Promociones\\')).toBe('Tarifas/Promociones');
    expect(slashed('/a//b/')).toBe('a/b');
  });

  it.each([
    ['', 'WARN_FolderNameRequired'],
    ['   ', 'WARN_FolderNameRequired'],
    ['x'.repeat(121), 'WARN_FolderNameTooLong'],
    ['a/b', 'WARN_FolderNameNotAllowed'],
    ['a\\b', 'WARN_FolderNameNotAllowed'],
    ['a:b', 'WARN_FolderNameNotAllowed'],
    ['50%', 'WARN_FolderNameNotAllowed'],
    ['..', 'WARN_FolderNameNotAllowed'],
    ['a\u0007b', 'WARN_FolderNameNotAllowed'],
  ])('a folder name %j is refused with %s', (name, key) => {
    const checked = folderName.safeParse(name);
    expect(checked.success).toBe(false);
    expect(checked.error?.issues[0]?.message).toBe(key);
  });

  it('accepts a folder name with accents and spaces, trimmed, and defaults the parent to the root', () => {
    expect(createFolderRequest.parse({ name: '  Fichas técnicas 2027 ' })).toEqual({
      name: 'Fichas técnicas 2027',
      fullPath: '',
    });
  });

  it('pages 1 to 5,000 entries and reads force only as a yes or a no', () => {
    expect(filesQuery.parse({})).toEqual({ id: '', pindex: 0, psize: 500 });
    expect(filesQuery.safeParse({ psize: '5001' }).success).toBe(false);
    expect(deleteFolderQuery.parse({ fullPath: 'a', force: 'true' }).force).toBe(true);
    expect(deleteFolderQuery.parse({ fullPath: 'a' }).force).toBe(false);
    expect(deleteFolderQuery.safeParse({ fullPath: 'a', force: 'yes' }).success).toBe(false);
  });
});
