import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { recognise } from './content-type.ts';
import { peekHead } from './stream-limit.ts';

const bytes = (...parts: (number[] | string)[]) =>
  Buffer.concat(parts.map((p) => (typeof p === 'string' ? Buffer.from(p, 'latin1') : Buffer.from(p))));

describe('recognise', () => {
  it.each([
    ['photo.jpg', bytes([0xff, 0xd8, 0xff, 0xe0], 'JFIF'), 'jpeg', 'image/jpeg'],
    ['x.png', bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], 'IHDR'), 'png', 'image/png'],
    ['x.webp', bytes('RIFF', [1, 2, 3, 4], 'WEBPVP8 '), 'webp', 'image/webp'],
    ['x.gif', bytes('GIF89a', [1, 0]), 'gif', 'image/gif'],
    ['a.pdf', bytes('%PDF-1.7\n'), 'pdf', 'application/pdf'],
    ['a.xlsx', bytes('PK', [3, 4], '[Content_Types].xml'), 'xlsx', undefined],
    ['a.xlsm', bytes('PK', [3, 4]), 'xlsx', undefined],
    ['a.docx', bytes('PK', [3, 4]), 'docx', undefined],
    ['a.xls', bytes([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), 'xls', 'application/vnd.ms-excel'],
    ['a.csv', Buffer.from('ref;cantidad\nA1;3\nÁ2;4\n'), 'csv', 'text/csv; charset=utf-8'],
    ['léeme.txt', Buffer.from('Hola, qué tal'), 'text', 'text/plain; charset=utf-8'],
  ])('%s is %s', (name, head, kind, type) => {
    const found = recognise(head, name);
    expect(found).toMatchObject({ kind });
    if (type) expect(found).toMatchObject({ contentType: type });
  });

  it.each([
    ['setup.jpg', bytes('MZ', [0x90, 0, 3, 0], 'This program cannot be run in DOS mode')],
    ['tool.pdf', bytes([0x7f], 'ELF', [2, 1, 1])],
    ['app.png', bytes([0xcf, 0xfa, 0xed, 0xfe])],
    ['run.csv', bytes('#!/bin/sh\nrm -rf /\n')],
    ['mod.gif', bytes([0, 0x61, 0x73, 0x6d, 1, 0, 0, 0])],
  ])('an executable called %s is refused', (name, head) => {
    expect(recognise(head, name)).toEqual({ refused: 'executable' });
  });

  it.each([
    ['logo.svg', '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'],
    ['logo.csv', '<?xml version="1.0"?>\n<svg onload="alert(1)"></svg>'],
    ['page.txt', '<!DOCTYPE html><html><script>alert(1)</script>'],
    ['bom.txt', '\uFEFF  <svg><a xlink:href="javascript:alert(1)"/></svg>'],
  ])('markup that can carry script (%s) is refused', (name, content) => {
    expect(recognise(Buffer.from(content), name)).toEqual({ refused: 'svg' });
  });

  it('refuses what it does not know, and text under a name that is not text', () => {
    expect(recognise(bytes([1, 2, 3, 0, 5]), 'x.bin')).toEqual({ refused: 'unknown' });
    expect(recognise(Buffer.from('just text'), 'x.jpg')).toEqual({ refused: 'unknown' });
    expect(recognise(bytes('PK', [3, 4]), 'x.zip')).toEqual({ refused: 'unknown' });
    expect(recognise(Buffer.alloc(0), 'empty.csv')).toEqual({ refused: 'unknown' });
  });
});

describe('peekHead', () => {
  it('answers the first bytes and a stream that still yields everything', async () => {
    const source = Readable.from([Buffer.from('abc'), Buffer.from('defgh'), Buffer.from('ij')]);
    const { head, stream } = await peekHead(source, 5);
    expect(head.toString()).toBe('abcde');
    const all: Buffer[] = [];
    for await (const c of stream) all.push(c as Buffer);
    expect(Buffer.concat(all).toString()).toBe('abcdefghij');
  });

  it('answers a shorter head for a short stream', async () => {
    const { head, stream } = await peekHead(Readable.from([Buffer.from('ab')]), 10);
    expect(head.toString()).toBe('ab');
    const all: Buffer[] = [];
    for await (const c of stream) all.push(c as Buffer);
    expect(Buffer.concat(all).toString()).toBe('ab');
  });
});
