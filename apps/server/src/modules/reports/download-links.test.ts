import { describe, expect, it } from 'vitest';
import { reportsSuite } from '../../test/reports-suite.ts';

// What a download link grants: one file, once, for a minute, within the owner's daily limit. What the files hold
// is tested in reports.test.ts.
const s = reportsSuite();
const { get, firstId, firstIds, download, logRows, usedToday, setLimit } = s;

describe('download links', () => {
  it('a download URL that is forged, altered or expired is a 404', async () => {
    const order = await firstId('order', 'C00001');
    const res = await get(`/api/inprintreport/printreport/${order}?tipoInforme=pedido&tipoFormato=pdf`, s.buyer);
    const { url } = res.json();
    const [head, payload, signature] = url.split('=').at(-1).split('.');
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
    const altered = Buffer.from(JSON.stringify({ ...claims, d: 'PV-0000002' })).toString('base64url');
    expect((await get(`/api/download/file?token=${head}.${altered}.${signature}`)).statusCode).toBe(404);
    expect((await get('/api/download/file?token=not-a-token-at-all-really')).statusCode).toBe(404);
    // An access token is not a download grant.
    expect((await get(`/api/download/file?token=${s.buyer}`)).statusCode).toBe(404);
    // Short-lived: a minute.
    s.t.clock.advance(61_000);
    expect((await get(url)).statusCode).toBe(404);
  });

  it('are single use: a replay answers 410, writes no log row and spends none of the owner’s limit', async () => {
    const slips = await firstIds('slip', 'C00002', 2);
    // The limit counts today's documents; the log also holds earlier days' (demo data).
    const used = (await logRows('buyer2')).length;
    await setLimit((await usedToday('buyer2')) + 2);
    try {
      const { url, file } = await download(s.buyer2, slips[0]!, 'albaran', 'pdf');
      expect(file.statusCode).toBe(200);
      for (let i = 0; i < 5; i++) {
        const replay = await get(url);
        expect(replay.statusCode).toBe(410);
        expect(replay.json().message).toBe('WARN_DownloadLinkUsed');
      }
      expect((await logRows('buyer2')).length).toBe(used + 1);
      // The replays spent nothing: the owner still has his second document of the day.
      const second = await download(s.buyer2, slips[1]!, 'albaran', 'excel');
      expect(second.file.statusCode).toBe(200);
      expect((await logRows('buyer2')).length).toBe(used + 2);
    } finally {
      await setLimit(200);
    }
  });

  it('are single use under a race too: two requests at once, one file', async () => {
    const slip = await firstId('slip', 'C00002');
    const res = await get(`/api/download/CheckReport/${slip}?tipoformato=pdf&tipoinforme=albaran`, s.buyer2);
    const { url } = res.json();
    const statuses = (await Promise.all([get(url), get(url)])).map((r) => r.statusCode);
    expect(statuses.sort()).toEqual([200, 410]);
  });
});

describe('daily download limit', () => {
  it('counts the documents asked for: past the limit NoMoreDownDocs, a link asked for in time still works, next day again', async () => {
    const slips = await firstIds('slip', 'C00002', 5);
    // The limit counts today's documents; the log also holds earlier days' (demo data).
    const used = (await logRows('buyer2')).length;
    await setLimit((await usedToday('buyer2')) + 2);
    try {
      await download(s.buyer2, slips[0]!, 'albaran', 'pdf');
      // A URL asked for under the limit is counted (and logged) when asked for…
      const pending = await get(
        `/api/inprintreport/printreport/${slips[1]}?tipoInforme=albaran&tipoFormato=excel`,
        s.buyer2,
      );
      expect(pending.statusCode).toBe(200);
      expect((await logRows('buyer2')).length).toBe(used + 2);
      // …so the next one is refused…
      const refused = await get(
        `/api/inprintreport/printreport/${slips[3]}?tipoInforme=albaran&tipoFormato=pdf`,
        s.buyer2,
      );
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toEqual({ message: 'NoMoreDownDocs' });
      // …while the link already counted still downloads its document.
      expect((await get(pending.json().url)).statusCode).toBe(200);
      expect((await logRows('buyer2')).length).toBe(used + 2);
      // Another user is not affected.
      expect(
        (await get(`/api/inprintreport/printreport/${slips[3]}?tipoInforme=albaran&tipoFormato=pdf`, s.admin))
          .statusCode,
      ).toBe(200);
      // Tomorrow the user may download again.
      s.t.clock.advance(24 * 3600_000);
      s.buyer2 = await s.token('buyer2');
      await download(s.buyer2, slips[4]!, 'albaran', 'pdf');
      expect((await logRows('buyer2')).length).toBe(used + 3);
    } finally {
      await setLimit(200);
    }
  });

  it('the NoMoreDownDocs and used-link messages exist in every language', async () => {
    for (const lang of ['es', 'en', 'fr', 'pt']) {
      const res = await get(`/api/common/langs/${lang}`);
      expect(res.json().words.NoMoreDownDocs, lang).toMatch(/\w{4,}/);
      expect(res.json().words.WARN_ProductFilterShort, lang).toMatch(/\w{4,}/);
      expect(res.json().words.WARN_DownloadLinkUsed, lang).toMatch(/\w{4,}/);
    }
  });
});
