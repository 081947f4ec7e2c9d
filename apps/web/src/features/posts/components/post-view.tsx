import { POST_KINDS, type PostDetail } from '@portal/contract/posts';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { SafeHtml } from '@/components/safe-html';
import { useLanguage } from '@/lib/language';
import { useRelatedPosts } from '../api/get-related-posts';
import { PostCard, PostWhen } from './post-card';

/** A post's own page in one language: banner, title, date, category, summary, the body and an event's related posts. */
export function PostView({ post }: { post: PostDetail }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const text = post.postposted[0];
  const isEvent = post.post_cod === POST_KINDS.calendar;
  const related = useRelatedPosts(post.id_post, lang, isEvent && post.relacionados.length > 0);
  if (!text) return null;
  const banner = text.images.image_banner_id ?? text.images.image_medium_id;
  return (
    <article className="post-view" lang={text.idioma_cod} data-testid="post-view">
      {banner ? <img src={banner.url} alt="" className="post-view__banner" /> : null}
      <header className="post-view__header">
        <h1 className="post-view__title">{text.titulo}</h1>
        <div className="post-view__meta">
          <PostWhen
            post={{
              fecha_creacion: post.fecha_creacion ?? '',
              fecha_inicio: post.fecha_inicio,
              fecha_fin: post.fecha_fin,
            }}
          />
          {post.categoria ? <Tag>{post.categoria}</Tag> : null}
        </div>
        {text.resumen ? <p className="post-view__summary">{text.resumen}</p> : null}
      </header>
      <SafeHtml html={text.contenido} className="post-view__body" />
      {isEvent && related.data && related.data.length > 0 ? (
        <section className="post-view__related" aria-labelledby="post-related-title">
          <h2 id="post-related-title">{t('UI_Post_Related')}</h2>
          <div className="post-list">
            {related.data.map((p) => (
              <PostCard key={p.id_post} post={p} />
            ))}
          </div>
        </section>
      ) : null}
    </article>
  );
}
