import { ImagePicker } from '@/features/images/components/image-picker';
import { PostDetailScreen } from '@/features/posts/routes/post-detail';

/**
 * /post/:post_cod/new and /post/:post_cod/:detail: the posts feature's screen with the gallery's picker for its
 * image slots and body images (a feature does not import another; the app composes them).
 */
export default function PostScreen() {
  return <PostDetailScreen Picker={ImagePicker} />;
}
