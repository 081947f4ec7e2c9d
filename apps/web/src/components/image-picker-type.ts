import type { Image } from '@portal/contract/images';
import type { ComponentType } from 'react';

/**
 * The image gallery's picker as other features receive it: the router hands in
 * `features/images/components/image-picker.tsx` (a feature never imports another), loaded the first time it opens.
 * Open, it answers the chosen image's id, its whole URL and every size of it.
 */
export type ImagePickerProps = {
  open: boolean;
  onPick: (picked: { id: number; url: string; image: Image }) => void;
  onClose: () => void;
  title?: string;
};
export type ImagePickerComponent = ComponentType<ImagePickerProps>;
