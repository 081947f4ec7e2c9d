import { PictureOutlined, UserOutlined } from '@ant-design/icons';
import { Avatar, Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ImagePickerComponent } from '@/components/image-picker-type';

type Props = {
  initialUrl: string | null;
  ImagePicker: ImagePickerComponent;
  value?: number | null;
  onChange?: (value: number | null) => void;
};

/** The user's picture: chosen in the image gallery's modal, or removed. */
export function PictureField({ initialUrl, ImagePicker, value, onChange }: Props) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [url, setUrl] = useState<string | null>(initialUrl);
  return (
    <div className="users-picture">
      <Avatar size={64} src={value ? (url ?? undefined) : undefined} icon={<UserOutlined />} alt="" />
      <Button icon={<PictureOutlined />} onClick={() => setOpen(true)} data-testid="user-pick-picture">
        {t('UI_People_PickPicture')}
      </Button>
      {value ? (
        <Button type="link" onClick={() => onChange?.(null)} data-testid="user-remove-picture">
          {t('UI_People_RemovePicture')}
        </Button>
      ) : null}
      <ImagePicker
        open={open}
        title={t('UI_People_PickPicture')}
        onClose={() => setOpen(false)}
        onPick={(picked) => {
          setUrl(picked.image.thumbnail_url);
          onChange?.(picked.id);
          setOpen(false);
        }}
      />
    </div>
  );
}
