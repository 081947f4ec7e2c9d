import { RANK } from '@portal/contract/constants';
import { ZONE_CODES } from '@portal/contract/content-tree';
import type { GridQuery } from '@portal/contract/grids';
import { HELP_PAGE_SLUG, POST_LIMITS, POST_MESSAGES, type PostDetail } from '@portal/contract/posts';
import { postCalls as c } from '@portal/contract/posts-calls';
import type { FastifyPluginAsync } from 'fastify';
import type { Db } from '../../db/client.ts';
import { menusForZone } from '../../db/zone-menus.ts';
import { endpointRoute } from '../../lib/endpoint-route.ts';
import { callerOf } from '../../plugins/auth.ts';
import { notFound } from '../../plugins/errors.ts';
import type { PostsRepository } from './posts.repository.ts';
import type { PostsService } from './posts.service.ts';
import type { PostsKept } from './posts-kept.ts';

type Options = {
  db: Db;
  repo: PostsRepository;
  service: PostsService;
  clock: () => Date;
  /** Grid pages and dashboards kept while this instance hears of every content change (posts-kept.ts). */
  kept: PostsKept;
};

/**
 * Posts (spec part 2 §7 "Posts"; decisions 0039, 0040): admins write every kind; customers read the active posts
 * written in the language they read, and nothing else (an inactive post, or one not in that language, is a 404).
 */
/** What a grid's count depends on: the query without its page, page size and sort. */
const countedBy = ({ page: _page, rows: _rows, sidx: _sidx, sord: _sord, ...counted }: GridQuery) => counted;

export const postsRoutes: FastifyPluginAsync<Options> = async (app, { db, repo, service, clock, kept }) => {
  // A write through these routes is forgotten before its answer leaves, so its author never reads what it replaced;
  // every other change (another instance, the seed, SQL) arrives as a notification (decision 0051).
  app.addHook('onSend', async (request) => {
    if (request.method !== 'GET') kept.forget();
  });
  const isAdmin = (request: Parameters<typeof callerOf>[0]) => callerOf(request).rank >= RANK.admin;

  endpointRoute(app, c.grid, (request) => {
    const { tipo, lang } = request.query;
    // Every admin sees the same page for the same query (the parsed one: unknown parameters are gone).
    return kept.grids.get(JSON.stringify(request.query), () =>
      repo.grid(request.query, tipo, lang, (load) =>
        kept.gridCounts.get(JSON.stringify(countedBy(request.query)), load),
      ),
    );
  });

  endpointRoute(
    app,
    c.newPost,
    async (request): Promise<PostDetail> => ({
      id_post: 0,
      post_cod: request.params.cod,
      sw_activo: true,
      id_categoria: null,
      categoria: null,
      fecha_inicio: null,
      fecha_fin: null,
      fecha_creacion: null,
      fecha_modificacion: null,
      relacionados: [],
      slug: null,
      postposted: [
        {
          idioma_cod: request.query.lang,
          titulo: '',
          resumen: '',
          contenido: '',
          image_thumbnail_id: null,
          image_medium_id: null,
          image_banner_id: null,
          images: { image_thumbnail_id: null, image_medium_id: null, image_banner_id: null },
        },
      ],
    }),
  );

  endpointRoute(app, c.post, async (request) => {
    const { id } = request.params;
    if (isAdmin(request)) {
      const post = await repo.detail(id);
      if (!post) throw notFound();
      return post;
    }
    const lang = request.query.lang ?? 'es';
    if (!(await repo.readable(id, lang))) throw notFound();
    const post = await repo.detail(id, lang);
    if (!post) throw notFound();
    return post;
  });

  endpointRoute(app, c.put, async (request) => {
    const id = await service.save(request.params.id, request.body, callerOf(request).id);
    if (id === null) throw notFound();
    return { message: POST_MESSAGES.saved, id_post: id };
  });

  endpointRoute(app, c.remove, async (request) => {
    if (!(await repo.remove(request.params.id))) throw notFound();
    return { message: POST_MESSAGES.deleted, id_post: request.params.id };
  });

  endpointRoute(app, c.related, async (request) => {
    const { id } = request.params;
    const { lang } = request.query;
    const admin = isAdmin(request);
    if (admin ? (await repo.kindOf(id)) === null : !(await repo.readable(id, lang))) throw notFound();
    return repo.related(id, lang, admin);
  });

  endpointRoute(app, c.list, (request) => {
    const { tipo, lang, pageIndex, pageSize } = request.query;
    return repo.list(tipo, lang, pageIndex, pageSize);
  });

  endpointRoute(app, c.send, async (request) => {
    const { id } = request.params;
    const sent = await service.send(id, request.body.email, request.body.lang, app.publicBaseUrl(request));
    if (!sent) throw notFound();
    void app.mailOutbox.drain().catch((err) => request.log.warn({ err }, 'outbox run failed'));
    return { message: POST_MESSAGES.sent, id_post: id };
  });

  endpointRoute(app, c.dashboard, async (request) => {
    const { lang } = request.query;
    return kept.dashboards.get(lang, async () => {
      const [content, menus] = await Promise.all([
        repo.dashboard(lang, clock(), POST_LIMITS.dashboardNews, POST_LIMITS.dashboardEvents),
        menusForZone(db, ZONE_CODES.dashboard, lang),
      ]);
      return { ...content, menus };
    });
  });

  endpointRoute(app, c.help, async (request) => {
    const { lang } = request.query;
    const me = callerOf(request);
    const id = await repo.idBySlug(HELP_PAGE_SLUG);
    let page: PostDetail | null = null;
    if (id !== null) {
      if (me.rank >= RANK.admin) page = await repo.detail(id, lang);
      else if (await repo.readable(id, lang)) page = await repo.detail(id, lang);
      if (page && page.postposted.length === 0) page = null;
    }
    const store = me.clientStore ? await repo.store(me.clientStore) : null;
    return { page, store, edit_id: me.rank >= RANK.admin ? id : null };
  });
};
