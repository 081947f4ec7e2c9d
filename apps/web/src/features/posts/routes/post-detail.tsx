import type { PostDetail } from '@portal/contract/posts';
import { postCalls } from '@portal/contract/posts-calls';
import type { UseQueryResult } from '@tanstack/react-query';
import { Alert, Card, Modal, Result, Skeleton } from 'antd';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import type { ImagePickerComponent } from '@/components/image-picker-type';
import { ApiError } from '@/lib/api-error';
import { useUser } from '@/lib/current-user';
import { useLanguage } from '@/lib/language';
import { mayCall } from '@/lib/may-call';
import { useNewPost } from '../api/get-new-post';
import { usePost } from '../api/get-post';
import { PostView } from '../components/post-view';
import { postKindOf } from '../post-kind';
import '../components/posts.css';
import { translateMessage } from '@/lib/i18n';

// The editor (TipTap, the gallery) loads for admins only: a reader's post page stays light.
const PostEditor = lazy(() => import('../components/post-editor').then((m) => ({ default: m.PostEditor })));

/** What a failed load shows: a missing post plainly, anything else as MSG_PostLoadError with the reason in the reader’s language (spec §8; issue 25). */
function LoadFailure({ query, kind }: { query: UseQueryResult<PostDetail>; kind: number }) {
  const { t } = useTranslation();
  const error = query.error;
  if (error instanceof ApiError && error.status === 404) {
    return (
      <Result
        status="404"
        title={t('UI_Post_NotFound')}
        extra={<Link to={`/post/${kind}`}>{t('UI_Post_Back')}</Link>}
        data-testid="post-not-found"
      />
    );
  }
  return <Alert type="error" showIcon title={t('MSG_PostLoadError', { message: translateMessage(error?.message) })} />;
}

/**
 * /post/:post_cod/new and /post/:post_cod/:detail (spec part 2 §2 Posts, §4): admins edit (a new post moves to its
 * id after the first save); everyone else reads the post in their language. The app gives the gallery picker.
 */
export function PostDetailScreen({ Picker }: { Picker: ImagePickerComponent }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const navigate = useNavigate();
  const { post_cod, detail } = useParams();
  const kind = postKindOf(post_cod);
  const isNew = detail === undefined || detail === 'new' || detail === '0';
  const id = isNew ? 0 : Number(detail);
  const { data: user, isPending: userPending } = useUser();
  // The editor is for whoever may save a post (the call it makes); a blank post is read by the same rule.
  const edits = mayCall(postCalls.put, user);
  const known = !userPending;
  const newPost = useNewPost(kind, lang, known && edits && isNew);
  const existing = usePost(Number.isInteger(id) ? id : -1, edits ? null : lang, known && !isNew);
  const query = isNew ? newPost : existing;
  // Above the editor: the confirmation stays while a new post's screen moves to its id.
  const [modal, modalHolder] = Modal.useModal();
  const title = edits ? t(isNew ? 'UI_Post_New' : 'UI_Post_Edit') : t(`UI_Post_Kind_${kind}`);

  let body: React.ReactNode;
  if (!known || (query.isPending && query.fetchStatus !== 'idle')) body = <Skeleton active paragraph={{ rows: 8 }} />;
  else if (!edits && isNew) body = <Result status="403" title={t('UI_Post_NotFound')} />;
  else if (query.isError || !query.data) body = <LoadFailure query={query} kind={kind} />;
  else if (edits)
    body = (
      <Suspense fallback={<Skeleton active paragraph={{ rows: 8 }} />}>
        <PostEditor
          key={query.data.id_post}
          post={query.data}
          Picker={Picker}
          backTo={`/post/${kind}`}
          onSaved={(saved) => {
            modal.success({ title: t('MSG_ConfirmTitle'), content: t('MSG_SavedOk'), okText: 'OK' });
            if (saved !== id) navigate(`/post/${kind}/${saved}`, { replace: true });
          }}
          onSaveFailed={(message) =>
            modal.error({ title: t('MSG_ErrorTitle'), content: t('MSG_PostUpdateError', { message }) })
          }
          onDeleted={() => navigate(`/post/${kind}`)}
        />
      </Suspense>
    );
  else body = <PostView post={query.data} />;

  return (
    <Card
      variant="borderless"
      title={edits ? `${title} · ${t(`UI_Post_Kind_${kind}`)}` : title}
      className="posts-screen"
    >
      {modalHolder}
      {body}
    </Card>
  );
}
