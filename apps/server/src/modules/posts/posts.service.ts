import type { LanguageKey } from '@portal/contract/constants';
import { POST_KINDS, POST_MESSAGES, type PostDetail, type PutPostData } from '@portal/contract/posts';
import { sanitizeRichText } from '../../lib/sanitize.ts';
import { RuleViolations } from '../../plugins/errors.ts';
import { imageIdsOf, type PostsRepository } from './posts.repository.ts';

const escapeHtml = (s: string) =>
  s.replace(/[<>&"']/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&#39;' })[c]!);

/** Every `src` and `href` of the portal's own paths ("/api/…") made absolute, as an e-mail reader needs them. */
export const absoluteUrls = (html: string, base: string) => html.replace(/\b(src|href)="\/(?!\/)/g, `$1="${base}/`);

/** The path of a post's own page in the web app. */
export const postPath = (kind: number, id: number) => `/post/${kind}/${id}`;

/** The post rules that need the database, and the e-mail of a post. Route handlers stay thin. */
export function postsService(repo: PostsRepository, clock: () => Date) {
  return {
    /**
     * Saves a post after the checks the schema cannot make (its category, images and related posts exist; a saved
     * post keeps its kind); the HTML is sanitised here, whatever the editor sent. Null: no such post.
     */
    async save(id: number, input: PutPostData, userId: string): Promise<number | null> {
      const problems: { path: string; message: string }[] = [];
      if (id !== 0) {
        const kind = await repo.kindOf(id);
        if (kind === null) return null;
        if (kind !== input.post_cod) problems.push({ path: 'post_cod', message: POST_MESSAGES.kindChanged });
      }
      if (input.id_categoria !== null && !(await repo.categoryExists(input.id_categoria))) {
        problems.push({ path: 'id_categoria', message: POST_MESSAGES.categoryUnknown });
      }
      const missingImages = await repo.missingImages(imageIdsOf(input));
      if (missingImages.length > 0) {
        problems.push({ path: 'postposted', message: POST_MESSAGES.imageUnknown });
      }
      if (input.relacionados.includes(id)) problems.push({ path: 'relacionados', message: POST_MESSAGES.relatedSelf });
      else if ((await repo.missingPosts(input.relacionados)).length > 0) {
        problems.push({ path: 'relacionados', message: POST_MESSAGES.relatedUnknown });
      }
      if (problems.length > 0) throw new RuleViolations(problems);
      const data: PutPostData = {
        ...input,
        postposted: input.postposted.map((t) => ({ ...t, contenido: sanitizeRichText(t.contenido) })),
      };
      return repo.save(id, data, userId, clock());
    },

    /**
     * Queues a post as an HTML e-mail (its banner, title, summary, body and a link to its page, every URL
     * absolute under `base`) in the outbox. False: no such post or language.
     */
    async send(id: number, email: string, lang: LanguageKey | undefined, base: string): Promise<boolean> {
      const post = await repo.detail(id);
      const text = post && (lang ? post.postposted.find((t) => t.idioma_cod === lang) : post.postposted[0]);
      if (!post || !text) return false;
      const mail = renderPostMail(post, text, base);
      await repo.enqueueMail(email, mail.subject, mail.text, mail.html);
      return true;
    },
  };
}
export type PostsService = ReturnType<typeof postsService>;

type Text = PostDetail['postposted'][number];

/** The e-mail of a post: the body sanitised again, every image and link absolute. */
export function renderPostMail(post: PostDetail, text: Text, base: string) {
  const link = `${base}${postPath(post.post_cod, post.id_post)}`;
  const banner = text.images.image_banner_id ?? text.images.image_medium_id ?? text.images.image_thumbnail_id;
  const when =
    post.post_cod === POST_KINDS.calendar && post.fecha_inicio && post.fecha_fin
      ? `<p style="color:#475467">${escapeHtml(post.fecha_inicio.slice(0, 10))} – ${escapeHtml(post.fecha_fin.slice(0, 10))}</p>`
      : '';
  const html = [
    `<!doctype html><html lang="${text.idioma_cod}"><head><meta charset="utf-8"><title>${escapeHtml(text.titulo)}</title></head>`,
    '<body style="font-family:Arial,Helvetica,sans-serif;color:#101828;max-width:640px;margin:0 auto">',
    banner ? `<img src="${base}${banner.url}" alt="" width="640" style="max-width:100%;height:auto">` : '',
    `<h1 style="font-size:24px">${escapeHtml(text.titulo)}</h1>`,
    when,
    text.resumen ? `<p><strong>${escapeHtml(text.resumen)}</strong></p>` : '',
    absoluteUrls(sanitizeRichText(text.contenido), base),
    `<p><a href="${link}">${link}</a></p>`,
    '</body></html>',
  ].join('');
  const plain = [text.titulo, text.resumen, link].filter(Boolean).join('\n\n');
  return { subject: text.titulo, text: plain, html };
}
