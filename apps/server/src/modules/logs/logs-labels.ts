import type { LanguageKey } from '@portal/contract/constants';
import type { documentLogRow } from '@portal/contract/documents';
import type { UserLogRow } from '@portal/contract/logs';
import type { z } from 'zod';
import { BUSINESS_TIME_ZONE } from '../../lib/business-time.ts';
import type { ExportColumn } from './logs-excel.ts';

type DocumentLogRow = z.infer<typeof documentLogRow>;
type Words = Record<LanguageKey, string>;

const DATE_TIME = 'dd/mm/yyyy hh:mm:ss';
/** A stored instant as an Excel date-time in Spain's wall-clock time (Excel cells carry no time zone). */
const madrid = new Intl.DateTimeFormat('sv-SE', {
  timeZone: BUSINESS_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});
const excelDateTime = (iso: string) => new Date(`${madrid.format(new Date(iso)).replace(' ', 'T')}Z`);

/** message_Cod 0–4 (part 2 §3), as the web's UI_UserLogCode_n says them. */
export const USER_LOG_CODE_WORDS: Words[] = [
  { es: 'Correcto', en: 'Successful', fr: 'Réussie', pt: 'Correto' },
  { es: 'Error', en: 'Error', fr: 'Erreur', pt: 'Erro' },
  { es: 'Usuario bloqueado', en: 'Blocked user', fr: 'Utilisateur bloqué', pt: 'Utilizador bloqueado' },
  { es: 'Cliente bloqueado', en: 'Blocked client', fr: 'Client bloqué', pt: 'Cliente bloqueado' },
  { es: 'Sin empresa', en: 'No company', fr: 'Sans entreprise', pt: 'Sem empresa' },
];

const DOCUMENT_TYPE_WORDS: Record<number, Words> = {
  1: { es: 'Pedido', en: 'Order', fr: 'Commande', pt: 'Encomenda' },
  2: { es: 'Albarán', en: 'Delivery note', fr: 'Bon de livraison', pt: 'Guia de remessa' },
  3: { es: 'Factura', en: 'Invoice', fr: 'Facture', pt: 'Fatura' },
};

/** Each column's title in the four languages. */
const t = (es: string, en: string, fr: string, pt: string): Words => ({ es, en, fr, pt });

/** The columns of the user log export; message_Cod's words in the export's language are given per row. */
export function userLogColumns(lang: LanguageKey): ExportColumn<UserLogRow>[] {
  return [
    { title: t('Fecha', 'Date', 'Date', 'Data'), value: (r) => excelDateTime(r.fecha), width: 20, numFmt: DATE_TIME },
    { title: t('Usuario', 'User', 'Utilisateur', 'Utilizador'), value: (r) => r.username, width: 28 },
    { title: t('Cliente', 'Client', 'Client', 'Cliente'), value: (r) => r.client_id, width: 12 },
    {
      title: t('Resultado', 'Result', 'Résultat', 'Resultado'),
      value: (r) => USER_LOG_CODE_WORDS[r.message_Cod]?.[lang] ?? String(r.message_Cod),
      width: 20,
    },
    { title: t('IP', 'IP', 'IP', 'IP'), value: (r) => r.ipaddress, width: 16 },
    { title: t('Máquina', 'Machine', 'Machine', 'Máquina'), value: (r) => r.machinename, width: 16 },
    { title: t('Navegador', 'User agent', 'Navigateur', 'Navegador'), value: (r) => r.useragent, width: 40 },
    { title: t('Datos', 'Data', 'Données', 'Dados'), value: (r) => r.data, width: 30 },
  ];
}

export function documentLogColumns(lang: LanguageKey): ExportColumn<DocumentLogRow>[] {
  return [
    { title: t('Fecha', 'Date', 'Date', 'Data'), value: (r) => excelDateTime(r.Fecha), width: 20, numFmt: DATE_TIME },
    { title: t('Documento', 'Document', 'Document', 'Documento'), value: (r) => r.Document_Id, width: 18 },
    {
      title: t('Tipo', 'Type', 'Type', 'Tipo'),
      value: (r) => DOCUMENT_TYPE_WORDS[r.Document_Type]?.[lang] ?? String(r.Document_Type),
      width: 16,
    },
    {
      title: t('Formato', 'Format', 'Format', 'Formato'),
      value: (r) => (r.Extension_Cod === 1 ? 'Excel' : 'PDF'),
      width: 9,
    },
    { title: t('Usuario', 'User', 'Utilisateur', 'Utilizador'), value: (r) => r.UserName, width: 28 },
    { title: t('Cliente', 'Client', 'Client', 'Cliente'), value: (r) => r.Client_Id, width: 12 },
  ];
}
