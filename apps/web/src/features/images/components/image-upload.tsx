import { IMAGE_ACCEPT, type Image } from '@portal/contract/images';
import { UploadDropzone } from '@/components/upload-dropzone';
import { uploadImages } from '../api/post-upload';

type Props = { onUploaded: (images: Image[]) => void };

const TEXTS = { uploaded: 'UI_Images_Uploaded', hint: 'UI_Images_DropHint', types: 'UI_Images_DropTypes' };

/**
 * Upload of several images by dropping them or choosing them (the button is the drop area): each file goes up with
 * its own progress bar; the server recognises it by its bytes and answers the image, shown first in the gallery.
 */
export function ImageUpload({ onUploaded }: Props) {
  return (
    <div data-testid="image-drop">
      <UploadDropzone
        className="image-upload"
        accept={IMAGE_ACCEPT.join(',')}
        testId="image-dropzone"
        texts={TEXTS}
        send={async (file, onProgress) => {
          const images = await uploadImages([file], onProgress);
          onUploaded(images);
          return images.length;
        }}
      />
    </div>
  );
}
