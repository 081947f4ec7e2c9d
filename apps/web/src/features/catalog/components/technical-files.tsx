import { DownloadOutlined, FilePdfOutlined } from '@ant-design/icons';
import { Button, Empty, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { useDownloadTechnicalFile } from '../api/get-technical-file';
import { useTechnicalFiles } from '../api/get-technical-files';

const sizeText = (bytes: number) =>
  bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`;

/** The technical documents of an article (by supplier and reference), each downloadable. */
export function TechnicalFiles({ supplier, reference }: { supplier: string; reference: string }) {
  const { t } = useTranslation();
  const files = useTechnicalFiles(supplier, reference);
  const download = useDownloadTechnicalFile();
  if (files.isPending) return <Skeleton active paragraph={{ rows: 2 }} />;
  if (!files.data?.length) {
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('UI_Catalog_NoTechnicalFiles')} />;
  }
  return (
    <ul data-testid="technical-files" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
      {files.data.map((file) => (
        <li
          key={file.fullPath}
          style={{
            display: 'flex',
            alignItems: 'center',
            gap: 12,
            padding: '8px 0',
            borderBottom: '1px solid #eaecf0',
          }}
        >
          <FilePdfOutlined aria-hidden="true" style={{ fontSize: 20, color: '#d92d20' }} />
          <span style={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere' }}>
            {file.name} <span className="catalog-muted">({sizeText(file.size)})</span>
          </span>
          <Button
            size="small"
            icon={<DownloadOutlined />}
            aria-label={`${t('UI_Catalog_Download')} ${file.name}`}
            loading={download.isPending && download.variables?.fullPath === file.fullPath}
            onClick={() => download.mutate({ fullPath: file.fullPath, name: file.name })}
          >
            {t('UI_Catalog_Download')}
          </Button>
        </li>
      ))}
    </ul>
  );
}
