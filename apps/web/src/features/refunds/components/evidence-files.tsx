import { DeleteOutlined, FileImageOutlined, FilePdfOutlined } from '@ant-design/icons';
import { REFUND_FILE_ACCEPT, type RefundFile } from '@portal/contract/refunds';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Empty, Modal, Spin } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { UploadDropzone } from '@/components/upload-dropzone';
import { useDeleteFileMutation } from '../api/delete-file';
import { getFileBlob, useRefundFiles } from '../api/get-files';
import { invalidateRefunds, refundKeys } from '../api/refund-keys';
import { uploadEvidence } from '../api/upload-files';

/** A file's thumbnail (or its whole picture), fetched with the bearer token and shown from a blob URL. */
function Preview({ file }: { file: RefundFile }) {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    if (!file.thumbnail_url) return;
    let url: string | null = null;
    let live = true;
    void getFileBlob(file.thumbnail_url).then((blob) => {
      if (!live) return;
      url = URL.createObjectURL(blob);
      setSrc(url);
    });
    return () => {
      live = false;
      if (url) URL.revokeObjectURL(url);
    };
  }, [file.thumbnail_url]);
  if (!file.thumbnail_url)
    return file.filetype === 'application/pdf' ? (
      <FilePdfOutlined className="refund-file-icon" />
    ) : (
      <FileImageOutlined className="refund-file-icon" />
    );
  return src ? <img src={src} alt={file.name} className="refund-file-thumb" /> : <Spin size="small" />;
}

/** Opens a file (the bytes need the token: fetched, then shown in a new tab or saved). */
async function openFile(file: RefundFile) {
  const blob = await getFileBlob(file.url);
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.target = '_blank';
  a.rel = 'noopener';
  if (file.filetype === 'application/pdf' || file.filetype === 'image/heic') a.download = file.name;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/**
 * A refund line's evidence: the files with their previews, and (while the line may still change) a drop area and
 * a delete button per file, confirmed first.
 */
export function EvidenceFiles({ lineId, editable }: { lineId: number; editable: boolean }) {
  const { t } = useTranslation();
  const [modal, modalHolder] = Modal.useModal();
  const queryClient = useQueryClient();
  const files = useRefundFiles(lineId);
  const remove = useDeleteFileMutation(lineId);
  const list = files.data ?? [];
  return (
    <div className="refund-evidence">
      {modalHolder}
      {files.isPending ? (
        <Spin size="small" />
      ) : list.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('UI_Refunds_NoFiles')} />
      ) : (
        <ul className="refund-files" data-testid={`refund-files-${lineId}`}>
          {list.map((f) => (
            <li key={f.id} className="refund-file">
              <button type="button" className="refund-file-open" onClick={() => void openFile(f)} title={f.name}>
                <Preview file={f} />
                <span className="refund-file-name">{f.name}</span>
              </button>
              {editable ? (
                <Button
                  size="small"
                  type="text"
                  icon={<DeleteOutlined />}
                  aria-label={t('UI_Refunds_DeleteFile')}
                  onClick={() =>
                    modal.confirm({
                      title: t('UI_Refunds_DeleteFileConfirm', { name: f.name }),
                      okButtonProps: { danger: true },
                      onOk: () => remove.mutateAsync(f.id),
                    })
                  }
                />
              ) : null}
            </li>
          ))}
        </ul>
      )}
      {editable ? (
        <UploadDropzone
          className="refund-dropzone"
          accept={REFUND_FILE_ACCEPT}
          testId={`refund-dropzone-${lineId}`}
          send={async (file, onProgress) => {
            const n = await uploadEvidence(lineId, file, onProgress);
            await queryClient.invalidateQueries({ queryKey: refundKeys.files(lineId) });
            invalidateRefunds.cart(queryClient);
            return n;
          }}
          texts={{ uploaded: 'UI_Refunds_Uploaded', hint: 'UI_Refunds_DropHint', types: 'UI_Refunds_DropTypes' }}
          progress={{ strokeWidth: 3 }}
          hideFinished
        />
      ) : null}
    </div>
  );
}
