import { postCalls } from '@portal/contract/posts-calls';
import { Card, Empty, Pagination, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import { useUser } from '@/lib/current-user';
import { useLanguage } from '@/lib/language';
import { mayCall } from '@/lib/may-call';
import { usePostList } from '../api/get-post-list';
import { PostCard } from '../components/post-card';
import { PostsGrid } from '../components/posts-grid';
import { postKindOf } from '../post-kind';
import '../components/posts.css';

const PAGE_SIZE = 10;

/** The customers' list of a kind in their language (getlist), a page at a time; the page is in the URL. */
function PostList({ kind }: { kind: number }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const [search, setSearch] = useSearchParams();
  const page = Math.max(0, Number(search.get('page') ?? '1') - 1) || 0;
  const list = usePostList(kind, lang, page, PAGE_SIZE);
  if (list.isPending) return <Skeleton active paragraph={{ rows: 6 }} />;
  if (!list.data || list.data.items.length === 0) return <Empty description={t('UI_Post_Empty')} />;
  return (
    <>
      <div className="post-list" data-testid="post-list">
        {list.data.items.map((post) => (
          <PostCard key={post.id_post} post={post} />
        ))}
      </div>
      {list.data.total > PAGE_SIZE ? (
        <Pagination
          className="post-list__pager"
          current={page + 1}
          pageSize={PAGE_SIZE}
          total={list.data.total}
          showSizeChanger={false}
          onChange={(p) => setSearch(p > 1 ? { page: String(p) } : {})}
        />
      ) : null}
    </>
  );
}

/**
 * /post/:post_cod (spec part 2 §2 Posts: 1 news, 2 products, 3 calendars, 4 pages; default 4): admins get the grid
 * of the kind with a button to write a new one; customers the list of what is published in their language.
 */
export default function PostsRoute() {
  const { t } = useTranslation();
  const { post_cod } = useParams();
  const kind = postKindOf(post_cod);
  const { data: user, isPending } = useUser();
  // Whoever may read the admins' grid gets it (the rule of the call whose data it shows).
  const seesGrid = mayCall(postCalls.grid, user);
  return (
    <Card variant="borderless" title={t(`UI_Post_Kind_${kind}`)} className="posts-screen">
      {isPending ? (
        <Skeleton active />
      ) : seesGrid ? (
        <PostsGrid key={kind} kind={kind} />
      ) : (
        <PostList key={kind} kind={kind} />
      )}
    </Card>
  );
}
