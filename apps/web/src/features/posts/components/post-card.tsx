import { CalendarOutlined } from '@ant-design/icons';
import type { PostSummary } from '@portal/contract/posts';
import { Link } from 'react-router';
import { formatDate, formatDateTime } from '@/lib/format';

/** When a post is: an event's start (and end when another day), else its creation date. */
export function PostWhen({ post }: { post: Pick<PostSummary, 'fecha_creacion' | 'fecha_inicio' | 'fecha_fin'> }) {
  if (post.fecha_inicio) {
    const sameDay = post.fecha_fin && formatDate(post.fecha_fin) === formatDate(post.fecha_inicio);
    return (
      <time dateTime={post.fecha_inicio} className="post-when">
        <CalendarOutlined aria-hidden /> {formatDateTime(post.fecha_inicio)}
        {post.fecha_fin && !sameDay ? ` – ${formatDate(post.fecha_fin)}` : ''}
      </time>
    );
  }
  return (
    <time dateTime={post.fecha_creacion} className="post-when">
      {formatDate(post.fecha_creacion)}
    </time>
  );
}

/** A post in a list: its thumbnail, title, date and summary, linking to its page. */
export function PostCard({ post }: { post: PostSummary }) {
  return (
    <article className="post-card" data-testid={`post-card-${post.id_post}`}>
      {post.thumbnail ? <img src={post.thumbnail} alt="" className="post-card__image" loading="lazy" /> : null}
      <div className="post-card__text">
        <h2 className="post-card__title">
          <Link to={`/post/${post.post_cod}/${post.id_post}`}>{post.titulo}</Link>
        </h2>
        <PostWhen post={post} />
        {post.resumen ? <p className="post-card__summary">{post.resumen}</p> : null}
      </div>
    </article>
  );
}
