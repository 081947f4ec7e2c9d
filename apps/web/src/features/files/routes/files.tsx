import { fileCalls } from '@portal/contract/files';
import { useUser } from '@/lib/current-user';
import { mayCall } from '@/lib/may-call';
import { FilesScreen } from '../components/files-screen';

/** /file/file — the file tree with download (spec part 2 §2); an administrator also gets a link to /setting/file. */
export default function FilesRoute() {
  const { data: user } = useUser();
  return <FilesScreen admin={false} adminLink={mayCall(fileCalls.upload, user)} />;
}
