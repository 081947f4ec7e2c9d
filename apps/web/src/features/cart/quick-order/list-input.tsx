import { ClearOutlined, SearchOutlined, UploadOutlined } from '@ant-design/icons';
import { parseQuickOrderText, QUICK_ORDER, quickOrderKey, quickOrderQuantity } from '@portal/contract/quick-order';
import { Alert, Button, Card, Input, Space } from 'antd';
import { useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';

const PREVIEW_ROWS = 5;

type Props = {
  text: string;
  onText: (text: string) => void;
  onResolve: () => void;
  onFile: (file: File) => void;
  resolving: boolean;
  reading: boolean;
};

/**
 * The list pasted or read from a file, with a live preview of how its lines are read (the contract's parser, the
 * one the server runs): how many, a skipped header, and the first lines' code, quantity and store.
 */
export function ListInput({ text, onText, onResolve, onFile, resolving, reading }: Props) {
  const { t } = useTranslation();
  const fileRef = useRef<HTMLInputElement>(null);
  const parsed = useMemo(() => parseQuickOrderText(text), [text]);
  const count = parsed.rows.length;
  const tooMany = count > QUICK_ORDER.maxLines;

  return (
    <Card size="small" title={<h2 className="qo-card-title">{t('UI_QO_ListTitle')}</h2>} data-testid="qo-list">
      <p className="qo-muted" style={{ marginTop: 0 }} id="qo-list-help">
        {t('UI_QO_Intro')}
      </p>
      <label htmlFor="qo-list-text" className="qo-label">
        {t('UI_QO_ListLabel')}
      </label>
      <Input.TextArea
        id="qo-list-text"
        value={text}
        onChange={(e) => onText(e.target.value)}
        autoSize={{ minRows: 5, maxRows: 14 }}
        maxLength={QUICK_ORDER.maxTextChars}
        aria-describedby="qo-list-help qo-list-preview"
        spellCheck={false}
        placeholder={'AGC.643-8994\t2\n1K0 145 803 AB;1;MAD01'}
        data-testid="qo-text"
        style={{ fontFamily: 'monospace' }}
      />
      <div id="qo-list-preview" className="qo-preview" role="status" aria-live="polite" data-testid="qo-preview">
        {count > 0 ? <span>{t('UI_QO_Preview', { count })}</span> : null}
        {parsed.header ? <span className="qo-muted"> · {t('UI_QO_HeaderSkipped')}</span> : null}
      </div>
      {tooMany ? (
        <Alert
          type="error"
          showIcon
          title={t('UI_QO_TooMany', { max: QUICK_ORDER.maxLines })}
          data-testid="qo-too-many"
        />
      ) : null}
      {count > 0 && !tooMany ? (
        <table className="qo-preview-table" data-testid="qo-preview-table">
          <caption className="qo-muted">{t('UI_QO_PreviewCaption')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('UI_QO_Col_Line')}</th>
              <th scope="col">{t('UI_QO_PadCode')}</th>
              <th scope="col">{t('UI_QO_Col_Quantity')}</th>
              <th scope="col">{t('UI_QO_Col_Store')}</th>
            </tr>
          </thead>
          <tbody>
            {parsed.rows.slice(0, PREVIEW_ROWS).map((r) => (
              <tr key={r.row}>
                <td>{r.row}</td>
                <td>{quickOrderKey(r.identifier) ?? `«${r.identifier}»`}</td>
                <td>{quickOrderQuantity(r.quantity).value}</td>
                <td>{r.store}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      <Space wrap style={{ marginTop: 12 }}>
        <Button
          type="primary"
          icon={<SearchOutlined />}
          disabled={count === 0 || tooMany}
          loading={resolving}
          onClick={onResolve}
          data-testid="qo-resolve"
        >
          {t('UI_QO_Resolve')}
        </Button>
        <Button
          icon={<UploadOutlined />}
          loading={reading}
          onClick={() => fileRef.current?.click()}
          data-testid="qo-upload"
        >
          {t('UI_QO_Upload')}
        </Button>
        <input
          ref={fileRef}
          type="file"
          accept=".csv,.txt,.tsv,.xlsx,text/csv,text/plain,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
          hidden
          data-testid="qo-file"
          onChange={(e) => {
            const file = e.target.files?.[0];
            e.target.value = '';
            if (file) onFile(file);
          }}
        />
        <Button icon={<ClearOutlined />} disabled={text === ''} onClick={() => onText('')}>
          {t('UI_QO_Clear')}
        </Button>
      </Space>
    </Card>
  );
}
