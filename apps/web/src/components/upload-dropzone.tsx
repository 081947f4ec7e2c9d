import { InboxOutlined } from '@ant-design/icons';
import { message, Upload, type UploadFile, type UploadProps } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@/lib/api-error';
import type { UploadProgress } from '@/lib/upload';

type Props = {
  className: string;
  accept: string;
  testId: string;
  /** Sends one file; answers how many items the server took from it. */
  send: (file: File, onProgress: (p: UploadProgress) => void) => Promise<number>;
  /** Text keys: the success message (with `count`), the drop hint and the accepted types. */
  texts: { uploaded: string; hint: string; types: string };
  progress?: UploadProps['progress'];
  /** A file stored is shown by the caller (e.g. as a card): the drop area lists only those going up or refused. */
  hideFinished?: boolean;
};

/**
 * A drop area that is also the choose button, for several files: each goes up in its own request with its own
 * progress bar; a refusal names the file and the server's reason; when the last one ends, one message counts those
 * the server took.
 */
export function UploadDropzone({ className, accept, testId, send, texts, progress, hideFinished = false }: Props) {
  const { t } = useTranslation();
  const [notify, holder] = message.useMessage({ top: 64 });
  const uploaded = useRef(0);
  const [files, setFiles] = useState<UploadFile[]>([]);
  return (
    <>
      {holder}
      <Upload.Dragger
        className={className}
        multiple
        accept={accept}
        data-testid={testId}
        progress={progress}
        customRequest={({ file, onProgress, onSuccess, onError }) => {
          send(file as File, (p) => onProgress?.({ percent: p.total ? (p.loaded / p.total) * 100 : 0 }))
            .then((count) => {
              // Counted before onSuccess: it runs onChange at once, which tells the count when the last one is done.
              uploaded.current += count;
              onSuccess?.({});
            })
            .catch((error: unknown) => {
              const text = isApiError(error) ? t(error.message) : String(error);
              void notify.error(`${(file as File).name}: ${text}`);
              onError?.(Object.assign(new Error(text), { status: isApiError(error) ? error.status : 0 }), text);
            });
        }}
        fileList={files}
        // A file going up is busy to a screen reader too (Ant Design says it by a class only).
        itemRender={(item, file) => <div aria-busy={file.status === 'uploading'}>{item}</div>}
        onChange={({ fileList }) => {
          setFiles(hideFinished ? fileList.filter((f) => f.status !== 'done') : fileList);
          if (fileList.length > 0 && fileList.every((f) => f.status === 'done' || f.status === 'error')) {
            if (uploaded.current > 0) void notify.success(t(texts.uploaded, { count: uploaded.current }));
            uploaded.current = 0;
          }
        }}
      >
        <p className="ant-upload-drag-icon">
          <InboxOutlined />
        </p>
        <p className="ant-upload-text">{t(texts.hint)}</p>
        <p className="ant-upload-hint">{t(texts.types)}</p>
      </Upload.Dragger>
    </>
  );
}
