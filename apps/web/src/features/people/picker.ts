import type { ComponentType } from 'react';

/**
 * The image gallery's picker, handed in by the router (a feature never imports another one): open, and it answers
 * the chosen image's id and URL (apps/web/src/features/images/components/image-picker.tsx).
 */
export type ImagePickerComponent = ComponentType<{
  open: boolean;
  onPick: (picked: { id: number; url: string; image: { thumbnail_url: string } }) => void;
  onClose: () => void;
  title?: string;
}>;
