import {
  BoldOutlined,
  ItalicOutlined,
  LinkOutlined,
  OrderedListOutlined,
  PictureOutlined,
  RedoOutlined,
  UndoOutlined,
  UnorderedListOutlined,
} from '@ant-design/icons';
import Image from '@tiptap/extension-image';
import { EditorContent, useEditor, useEditorState } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { Button, Input, Modal, Tooltip } from 'antd';
import { type ReactNode, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ImagePickerComponent } from './image-picker-type';
import './rich-text-editor.css';

type Props = {
  /** The HTML to start from (a new key is a new editor: one per post language, one per FAQ answer). */
  value: string;
  onChange: (html: string) => void;
  /** The gallery's picker: with it the toolbar inserts a gallery image (its medium size), without it no images. */
  ImagePicker?: ImagePickerComponent;
  id: string;
  labelledBy: string;
  invalid?: boolean;
};

const SAFE_LINK = /^(https?:\/\/|mailto:|tel:|\/)/i;

/**
 * Rich text (TipTap 3) for post bodies and FAQ answers: headings, bold, italic, lists, links and images of the
 * gallery. What it writes is HTML that the server sanitises on save and the page again on render.
 */
export function RichTextEditor({ value, onChange, ImagePicker, id, labelledBy, invalid }: Props) {
  const { t } = useTranslation();
  const [linkOpen, setLinkOpen] = useState(false);
  const [picking, setPicking] = useState(false);
  const [link, setLink] = useState('');
  // The editor keeps the options it was made with: its update goes through the latest onChange.
  const changed = useRef(onChange);
  changed.current = onChange;
  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        heading: { levels: [2, 3] },
        code: false,
        codeBlock: false,
        link: { openOnClick: false, autolink: true, protocols: ['http', 'https', 'mailto', 'tel'] },
      }),
      Image.configure({ inline: false }),
    ],
    content: value,
    editorProps: {
      attributes: {
        id,
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-labelledby': labelledBy,
        class: 'rich-text__content',
        'data-testid': `${id}-content`,
      },
    },
    onUpdate: ({ editor: e }) => changed.current(e.isEmpty ? '' : e.getHTML()),
  });
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      bold: e?.isActive('bold') ?? false,
      italic: e?.isActive('italic') ?? false,
      heading: e?.isActive('heading', { level: 2 }) ?? false,
      bullet: e?.isActive('bulletList') ?? false,
      ordered: e?.isActive('orderedList') ?? false,
      link: e?.isActive('link') ?? false,
      canUndo: e?.can().undo() ?? false,
      canRedo: e?.can().redo() ?? false,
    }),
  });

  const tool = (key: string, icon: ReactNode, active: boolean, run: () => void, disabled = false) => (
    <Tooltip title={t(key)}>
      <Button
        type={active ? 'primary' : 'text'}
        icon={icon}
        aria-label={t(key)}
        aria-pressed={active}
        disabled={disabled || !editor}
        onClick={run}
        data-testid={`${id}-${key}`}
      />
    </Tooltip>
  );
  const chain = () => editor!.chain().focus();

  return (
    <div className={`rich-text${invalid ? ' rich-text--invalid' : ''}`}>
      <div className="rich-text__toolbar" role="toolbar" aria-label={t('UI_Post_Editor')}>
        {tool('UI_Post_Bold', <BoldOutlined />, state?.bold ?? false, () => chain().toggleBold().run())}
        {tool('UI_Post_Italic', <ItalicOutlined />, state?.italic ?? false, () => chain().toggleItalic().run())}
        <Tooltip title={t('UI_Post_Heading')}>
          <Button
            type={state?.heading ? 'primary' : 'text'}
            aria-label={`H2 · ${t('UI_Post_Heading')}`}
            aria-pressed={state?.heading ?? false}
            onClick={() => chain().toggleHeading({ level: 2 }).run()}
            disabled={!editor}
          >
            H2
          </Button>
        </Tooltip>
        {tool('UI_Post_BulletList', <UnorderedListOutlined />, state?.bullet ?? false, () =>
          chain().toggleBulletList().run(),
        )}
        {tool('UI_Post_OrderedList', <OrderedListOutlined />, state?.ordered ?? false, () =>
          chain().toggleOrderedList().run(),
        )}
        {tool('UI_Post_Link', <LinkOutlined />, state?.link ?? false, () => {
          setLink((editor?.getAttributes('link').href as string | undefined) ?? 'https://');
          setLinkOpen(true);
        })}
        {ImagePicker ? tool('UI_Post_InsertImage', <PictureOutlined />, false, () => setPicking(true)) : null}
        {tool('UI_Post_Undo', <UndoOutlined />, false, () => chain().undo().run(), !state?.canUndo)}
        {tool('UI_Post_Redo', <RedoOutlined />, false, () => chain().redo().run(), !state?.canRedo)}
      </div>
      <EditorContent editor={editor} />
      {ImagePicker ? (
        <ImagePicker
          open={picking}
          title={t('UI_Post_InsertImage')}
          onClose={() => setPicking(false)}
          onPick={(picked) => {
            chain().setImage({ src: picked.image.medium_url, alt: picked.image.name }).run();
            setPicking(false);
          }}
        />
      ) : null}
      <Modal
        open={linkOpen}
        title={t('UI_Post_Link')}
        className="rich-text-link"
        okButtonProps={{ disabled: link.trim() !== '' && !SAFE_LINK.test(link.trim()) }}
        onOk={() => {
          const href = link.trim();
          if (href === '') chain().extendMarkRange('link').unsetLink().run();
          else chain().extendMarkRange('link').setLink({ href }).run();
          setLinkOpen(false);
        }}
        onCancel={() => setLinkOpen(false)}
        destroyOnHidden
      >
        <label htmlFor={`${id}-link`}>{t('UI_Post_LinkPrompt')}</label>
        <Input id={`${id}-link`} value={link} onChange={(e) => setLink(e.target.value)} autoFocus />
      </Modal>
    </div>
  );
}
