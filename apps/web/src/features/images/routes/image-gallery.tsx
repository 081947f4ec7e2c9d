import { SelectOutlined } from '@ant-design/icons';
import { type Image, imageCalls } from '@portal/contract/images';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, type ButtonProps, Card, Modal, message } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useUser } from '@/lib/current-user';
import { mayCall } from '@/lib/may-call';
import { useDeleteImageMutation } from '../api/delete-image';
import { invalidateImages } from '../api/image-keys';
import { ImageEditModal } from '../components/image-edit-modal';
import { ImageGallery } from '../components/image-gallery';
import { ImagePicker, type PickedImage } from '../components/image-picker';
import { ImageUpload } from '../components/image-upload';
import '../components/images.css';

/**
 * /file/image — the image gallery (spec part 2 §2, §4): pages of 15, 30 or 45, newest first. Administrators upload
 * (uploaded images are shown first), rename and describe, and delete after a confirmation; everybody may open the
 * picker ("Seleccionar") that other screens use.
 */
export default function ImageGalleryRoute() {
  const { t } = useTranslation();
  const { data: user } = useUser();
  // Each admin control shows by the rule of the call it makes (issue 24).
  const mayUpload = mayCall(imageCalls.upload, user);
  const mayEdit = mayCall(imageCalls.update, user);
  const mayDelete = mayCall(imageCalls.remove, user);
  const queryClient = useQueryClient();
  const [recent, setRecent] = useState<Image[]>([]);
  const [editing, setEditing] = useState<Image | null>(null);
  const [picking, setPicking] = useState(false);
  const [picked, setPicked] = useState<PickedImage | null>(null);
  const [modal, modalHolder] = Modal.useModal();
  const [notify, notifyHolder] = message.useMessage({ top: 64 });
  const remove = useDeleteImageMutation();

  function uploaded(images: Image[]) {
    setRecent((shown) => [...images, ...shown]);
    void invalidateImages(queryClient);
  }

  function confirmDelete(image: Image) {
    modal.confirm({
      title: t('MSG_ConfirmTitle'),
      content: t('UI_Images_ConfirmDelete', { name: image.name }),
      okText: t('UI_Images_Delete'),
      cancelText: t('UI_Images_Cancel'),
      okButtonProps: { danger: true, 'data-testid': 'confirm-delete' } as ButtonProps,
      onOk: async () => {
        await remove.mutateAsync(image.id);
        setRecent((shown) => shown.filter((i) => i.id !== image.id));
        if (picked?.id === image.id) setPicked(null);
        void notify.success(t('WARN_DeleteOK'));
      },
    });
  }

  return (
    <div className="images-page">
      {modalHolder}
      {notifyHolder}
      <div className="images-page__head">
        <h1 className="images-page__title">{t('UI_Title_Images')}</h1>
        <Button icon={<SelectOutlined />} onClick={() => setPicking(true)} data-testid="open-picker">
          {t('UI_Images_Select')}
        </Button>
      </div>
      {picked && (
        <Alert
          className="images-page__picked"
          type="info"
          showIcon
          closable={{ onClose: () => setPicked(null) }}
          data-testid="picked-image"
          title={
            <span className="images-page__picked-body">
              <img src={picked.image.thumbnail_url} alt="" width={64} height={48} />
              <span>
                {t('UI_Images_Chosen', { name: picked.image.name })} <code>#{picked.id}</code>
              </span>
            </span>
          }
        />
      )}
      {mayUpload ? (
        <Card size="small" className="images-page__upload" title={t('UI_Images_Upload')}>
          <ImageUpload onUploaded={uploaded} />
        </Card>
      ) : (
        <p className="images-page__readonly" data-testid="images-readonly">
          {t('UI_Images_ReadOnly')}
        </p>
      )}
      <ImageGallery
        recent={recent}
        onNavigate={() => setRecent([])}
        onEdit={mayEdit ? setEditing : undefined}
        onDelete={mayDelete ? confirmDelete : undefined}
        emptyText={t(mayUpload ? 'UI_Images_EmptyAdmin' : 'UI_Images_Empty')}
      />
      <ImageEditModal
        image={editing}
        onClose={() => setEditing(null)}
        onSaved={(saved) => {
          setRecent((shown) => shown.map((i) => (i.id === saved.id ? saved : i)));
          setEditing(null);
          void notify.success(t('UI_Images_Saved'));
        }}
      />
      <ImagePicker
        open={picking}
        onClose={() => setPicking(false)}
        onPick={(p) => {
          setPicked(p);
          setPicking(false);
        }}
      />
    </div>
  );
}
