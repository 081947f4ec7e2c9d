import type { UserLogRow } from '@portal/contract/logs';
import { Badge } from 'antd';
import type { TFunction } from 'i18next';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { dateColumn, secondary, selectColumn, textColumn } from '@/components/data-grid/columns';
import type { GridColumnDef } from '@/components/data-grid/grid-types';
import type { DocumentLogRow } from '../api/get-document-logs-grid';

const CODE_STATUS = ['success', 'error', 'warning', 'warning', 'default'] as const;
const codeOptions = (t: TFunction) =>
  [0, 1, 2, 3, 4].map((c) => ({ value: String(c), label: t(`UI_UserLogCode_${c}`) }));

/** The sign-in log's columns (part 2 §3 User log): the code in words, the agent and data in the chooser. */
export function useUserLogColumns(): GridColumnDef<UserLogRow>[] {
  const { t } = useTranslation();
  return useMemo(
    (): GridColumnDef<UserLogRow>[] => [
      { ...dateColumn<UserLogRow>('fecha', t('UI_Access_Col_Date'), 'dateRange', 200, 'date', true), card: 'date' },
      { ...textColumn<UserLogRow>('username', t('UI_Col_User'), 200), card: 'id' },
      textColumn<UserLogRow>('client_id', t('UI_Access_Col_Client'), 110),
      {
        ...selectColumn<UserLogRow>('message_Cod', t('UI_Access_Col_Result'), 170, { options: codeOptions(t) }, (r) => (
          <Badge status={CODE_STATUS[r.message_Cod] ?? 'default'} text={t(`UI_UserLogCode_${r.message_Cod}`)} />
        )),
        card: 'status',
      },
      textColumn<UserLogRow>('ipaddress', t('UI_Access_Col_Ip'), 140),
      secondary(textColumn<UserLogRow>('machinename', t('UI_Access_Col_Machine'), 130)),
      secondary(textColumn<UserLogRow>('useragent', t('UI_Access_Col_UserAgent'), 320)),
      textColumn<UserLogRow>('data', t('UI_Access_Col_Data'), 200),
    ],
    [t],
  );
}

/** The document log's columns (part 2 §3 Document log). */
export function useDocumentLogColumns(): GridColumnDef<DocumentLogRow>[] {
  const { t } = useTranslation();
  return useMemo((): GridColumnDef<DocumentLogRow>[] => {
    const types = [1, 2, 3].map((v) => ({ value: String(v), label: t(`UI_Access_DocType_${v}`) }));
    const formats = [0, 1].map((v) => ({ value: String(v), label: v === 1 ? 'Excel' : 'PDF' }));
    return [
      { ...dateColumn<DocumentLogRow>('Fecha', t('UI_Access_Col_Date'), 'dateRange', 200, 'date', true), card: 'date' },
      { ...textColumn<DocumentLogRow>('Document_Id', t('UI_Access_Col_Document'), 150), card: 'id' },
      {
        ...selectColumn<DocumentLogRow>('Document_Type', t('UI_Access_Col_Type'), 150, { options: types }, (r) =>
          t(`UI_Access_DocType_${r.Document_Type}`),
        ),
        card: 'status',
      },
      selectColumn<DocumentLogRow>('Extension_Cod', t('UI_Access_Col_Format'), 110, { options: formats }, (r) =>
        r.Extension_Cod === 1 ? 'Excel' : 'PDF',
      ),
      textColumn<DocumentLogRow>('UserName', t('UI_Col_User'), 200),
      textColumn<DocumentLogRow>('Client_Id', t('UI_Access_Col_Client'), 110),
    ];
  }, [t]);
}
