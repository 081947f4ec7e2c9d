import { ArrowLeftOutlined, DeleteOutlined, MailOutlined, SaveOutlined } from '@ant-design/icons';
import type { LanguageKey } from '@portal/contract/constants';
import type { TreeNode } from '@portal/contract/content-tree';
import {
  POST_IMAGE_SLOTS,
  POST_KINDS,
  type PostDetail,
  type PostImageSlot,
  type PutPostBody,
  putPostBody,
} from '@portal/contract/posts';
import { Button, type ButtonProps, DatePicker, Form, Popconfirm, Space, Switch, TreeSelect } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FormError } from '@/components/form-error';
import { errorsOf, type FieldErrors, refusedFields } from '@/components/form-errors';
import type { ImagePickerComponent } from '@/components/image-picker-type';
import { useFormDraft } from '@/components/use-form-draft';
import { useLanguageTabs } from '@/components/use-language-tabs';
import { translateMessage } from '@/lib/i18n';
import { useLanguage } from '@/lib/language';
import { useDeletePostMutation } from '../api/delete-post';
import { useCategoryTree } from '../api/get-category-tree';
import { usePutPostMutation } from '../api/put-post';
import { PostTextTabs, type TextDraft } from './post-text-tabs';
import { RelatedPostsSelect } from './related-posts-select';
import { SendPostDialog } from './send-post-dialog';

type Draft = {
  sw_activo: boolean;
  id_categoria: number | null;
  start: Dayjs | null;
  end: Dayjs | null;
  relacionados: number[];
  texts: TextDraft[];
};

const draftOf = (p: PostDetail): Draft => ({
  sw_activo: p.sw_activo,
  id_categoria: p.id_categoria,
  start: p.fecha_inicio ? dayjs(p.fecha_inicio) : null,
  end: p.fecha_fin ? dayjs(p.fecha_fin) : null,
  relacionados: p.relacionados,
  texts: p.postposted.map((x) => ({
    idioma_cod: x.idioma_cod,
    titulo: x.titulo,
    resumen: x.resumen,
    contenido: x.contenido,
    images: { ...x.images },
  })),
});

type TreeOption = { value: number; title: string; children: TreeOption[] };
const treeData = (nodes: TreeNode[]): TreeOption[] =>
  nodes.map((n) => ({ value: n.id, title: n.nombre, children: treeData(n.children) }));

type Props = {
  post: PostDetail;
  Picker: ImagePickerComponent;
  onSaved: (id: number) => void;
  onDeleted: () => void;
  /** A save refused for another reason than the rules (MSG_PostUpdateError: "No se ha podido guardar la publicación: …"). */
  onSaveFailed: (message: string) => void;
  backTo: string;
};

/**
 * The post editor (spec part 2 §2 Posts, §4, §5, §8): active flag, category from the tree, a calendar event's dates
 * and related posts, a tab per language with title, summary, the three images and the rich text. Saving a new
 * post moves to its id; delete asks first; an existing post can be sent by e-mail.
 */
export function PostEditor({ post, Picker, onSaved, onDeleted, onSaveFailed, backTo }: Props) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const { draft, set, errors, setErrors, fieldError } = useFormDraft(
    () => draftOf(post),
    (k) => (k === 'texts' ? 'postposted' : k === 'start' ? 'fecha_inicio' : k === 'end' ? 'fecha_fin' : k),
  );
  const { tabs, showErrorTab } = useLanguageTabs(post.postposted[0]?.idioma_cod);
  const [sending, setSending] = useState(false);
  const [picking, setPicking] = useState<{ lang: LanguageKey; slot: PostImageSlot } | null>(null);
  const categories = useCategoryTree(post.id_post, lang);
  const save = usePutPostMutation();
  const remove = useDeletePostMutation();
  const isEvent = post.post_cod === POST_KINDS.calendar;

  const submit = () => {
    const body: PutPostBody = {
      post_cod: post.post_cod,
      sw_activo: draft.sw_activo,
      id_categoria: draft.id_categoria,
      fecha_inicio: isEvent && draft.start ? draft.start.toISOString() : null,
      fecha_fin: isEvent && draft.end ? draft.end.toISOString() : null,
      relacionados: isEvent ? draft.relacionados : [],
      postposted: draft.texts.map((x) => ({
        idioma_cod: x.idioma_cod,
        titulo: x.titulo,
        resumen: x.resumen,
        contenido: x.contenido,
        ...Object.fromEntries(POST_IMAGE_SLOTS.map((slot) => [slot, x.images[slot]?.id ?? null])),
      })),
    };
    const checked = putPostBody.safeParse(body);
    if (!checked.success) return showErrors(errorsOf(checked.error.issues));
    setErrors({});
    save.mutate(
      { id: post.id_post, body },
      {
        onSuccess: (saved) => {
          onSaved(saved.id_post);
        },
        onError: (error) => {
          const found = refusedFields(error);
          if (found) showErrors(found);
          else onSaveFailed(translateMessage(error.message));
        },
      },
    );
  };
  const showErrors = (found: FieldErrors) => {
    setErrors(found);
    showErrorTab(found, 'postposted', draft.texts);
  };

  return (
    <Form layout="vertical" onFinish={submit} component="form" data-testid="post-form" className="post-editor">
      <div className="post-editor__bar">
        <Link to={backTo} className="post-editor__back">
          <ArrowLeftOutlined /> {t('UI_Post_Back')}
        </Link>
        <Space wrap>
          {post.id_post > 0 ? (
            <>
              <Button icon={<MailOutlined />} onClick={() => setSending(true)} data-testid="post-send">
                {t('UI_Post_Send')}
              </Button>
              <Popconfirm
                title={t('WARN_DeletePost')}
                okText={t('UI_Post_Delete')}
                cancelText={t('UI_Docs_Cancel')}
                okButtonProps={
                  { danger: true, loading: remove.isPending, 'data-testid': 'post-delete-confirm' } as ButtonProps
                }
                onConfirm={() => remove.mutateAsync(post.id_post).then(onDeleted)}
              >
                <Button danger icon={<DeleteOutlined />} data-testid="post-delete">
                  {t('UI_Post_Delete')}
                </Button>
              </Popconfirm>
            </>
          ) : null}
          <Button
            type="primary"
            htmlType="submit"
            icon={<SaveOutlined />}
            loading={save.isPending}
            data-testid="post-save"
          >
            {t('UI_Post_Save')}
          </Button>
        </Space>
      </div>
      <div className="post-editor__general">
        <Form.Item label={t('UI_Post_Active')} htmlFor="post-active">
          <Switch id="post-active" checked={draft.sw_activo} onChange={(sw_activo) => set({ sw_activo })} />
        </Form.Item>
        <Form.Item label={t('UI_Post_Category')} htmlFor="post-category" {...fieldError('id_categoria')}>
          <TreeSelect
            id="post-category"
            allowClear
            showSearch
            treeNodeFilterProp="title"
            treeDefaultExpandAll
            loading={categories.isPending}
            value={draft.id_categoria ?? undefined}
            onChange={(value: number | undefined) => set({ id_categoria: value ?? null })}
            treeData={treeData(categories.data?.tree ?? [])}
            data-testid="post-category"
          />
        </Form.Item>
        {isEvent ? (
          <>
            <Form.Item label={t('UI_Post_Start')} required htmlFor="post-start" {...fieldError('fecha_inicio')}>
              <DatePicker
                id="post-start"
                showTime={{ format: 'HH:mm' }}
                format="DD/MM/YYYY HH:mm"
                value={draft.start}
                onChange={(start) => set({ start })}
                data-testid="post-start"
              />
            </Form.Item>
            <Form.Item label={t('UI_Post_End')} required htmlFor="post-end" {...fieldError('fecha_fin')}>
              <DatePicker
                id="post-end"
                showTime={{ format: 'HH:mm' }}
                format="DD/MM/YYYY HH:mm"
                value={draft.end}
                onChange={(end) => set({ end })}
                data-testid="post-end"
              />
            </Form.Item>
            <Form.Item
              label={t('UI_Post_Related')}
              htmlFor="post-related"
              className="post-editor__related"
              {...fieldError('relacionados')}
            >
              <RelatedPostsSelect
                id="post-related"
                value={draft.relacionados}
                onChange={(relacionados) => set({ relacionados })}
              />
            </Form.Item>
          </>
        ) : null}
      </div>
      <PostTextTabs
        {...tabs}
        texts={draft.texts}
        onChange={(texts) => set({ texts })}
        errors={errors}
        onPickSlot={(l, slot) => setPicking({ lang: l, slot })}
        Picker={Picker}
      />
      <FormError error={errors._} className="post-editor__error" />
      <Picker
        open={picking !== null}
        title={picking ? t(`UI_Post_Slot_${picking.slot}`) : undefined}
        onClose={() => setPicking(null)}
        onPick={(picked) => {
          if (!picking) return;
          const slot = picking.slot;
          const url =
            slot === 'image_banner_id'
              ? picked.image.banner_url
              : slot === 'image_medium_id'
                ? picked.image.medium_url
                : picked.image.thumbnail_url;
          set({
            texts: draft.texts.map((x) =>
              x.idioma_cod === picking.lang ? { ...x, images: { ...x.images, [slot]: { id: picked.id, url } } } : x,
            ),
          });
          setPicking(null);
        }}
      />
      {post.id_post > 0 ? (
        <SendPostDialog
          open={sending}
          postId={post.id_post}
          languages={post.postposted.map((x) => x.idioma_cod)}
          onClose={() => setSending(false)}
        />
      ) : null}
    </Form>
  );
}
