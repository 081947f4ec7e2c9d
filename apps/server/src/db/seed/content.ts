import { BRANDS } from '@portal/contract/brands';
import { LANGUAGES, RANK, ROLES } from '@portal/contract/constants';
import { sanitizeRichText } from '../../lib/sanitize.ts';
import type { Db } from '../client.ts';
import { navMenuItems, welcomeTexts } from '../schema/schema.ts';
import { readDictionary } from './dictionaries.ts';

type MenuSeed = { title: string; icon: string; sref?: string; minRank?: number; role?: string; items?: MenuSeed[] };

/** The side menu. Titles are dictionary keys; sref the web route. */
const MENU: MenuSeed[] = [
  { title: 'MENU_Dashboard', icon: 'DashboardOutlined', sref: '/dashboard' },
  { title: 'MENU_Catalog', icon: 'AppstoreOutlined', sref: '/product-list/' },
  { title: 'MENU_Cart', icon: 'ShoppingCartOutlined', sref: '/my-cart', role: ROLES.buy },
  { title: 'MENU_Lists', icon: 'BarsOutlined', sref: '/lists', role: ROLES.buy },
  {
    title: 'MENU_Documents',
    icon: 'FileTextOutlined',
    items: [
      { title: 'MENU_Sales', icon: 'ProfileOutlined', sref: '/sales' },
      { title: 'MENU_SalesWeb', icon: 'GlobalOutlined', sref: '/salesweb' },
      { title: 'MENU_PackingSlips', icon: 'CarOutlined', sref: '/packingslip' },
      { title: 'MENU_Invoices', icon: 'EuroOutlined', sref: '/invoice' },
    ],
  },
  {
    title: 'MENU_Refunds',
    icon: 'RollbackOutlined',
    items: [
      { title: 'MENU_AllRefunds', icon: 'UnorderedListOutlined', sref: '/allrefunds' },
      { title: 'MENU_RefundsCart', icon: 'InboxOutlined', sref: '/myrefundscart' },
    ],
  },
  { title: 'MENU_Maps', icon: 'EnvironmentOutlined', sref: '/maps' },
  { title: 'MENU_Faq', icon: 'QuestionCircleOutlined', sref: '/faq/packs' },
  { title: 'MENU_Help', icon: 'CustomerServiceOutlined', sref: '/help' },
  {
    title: 'MENU_Content',
    icon: 'ReadOutlined',
    minRank: RANK.admin,
    items: [
      { title: 'MENU_News', icon: 'NotificationOutlined', sref: '/post/1' },
      { title: 'MENU_Products', icon: 'TagsOutlined', sref: '/post/2' },
      { title: 'MENU_Calendars', icon: 'CalendarOutlined', sref: '/post/3' },
      { title: 'MENU_Pages', icon: 'FileOutlined', sref: '/post/4' },
      { title: 'MENU_FaqPacks', icon: 'QuestionCircleOutlined', sref: '/faq/packs' },
      { title: 'MENU_Files', icon: 'FolderOutlined', sref: '/file/file' },
      { title: 'MENU_Images', icon: 'PictureOutlined', sref: '/file/image' },
    ],
  },
  {
    title: 'MENU_Settings',
    icon: 'SettingOutlined',
    minRank: RANK.admin,
    items: [
      { title: 'MENU_Clients', icon: 'TeamOutlined', sref: '/setting/client' },
      { title: 'MENU_Users', icon: 'UserOutlined', sref: '/setting/user' },
      { title: 'MENU_PaymentMethods', icon: 'CreditCardOutlined', sref: '/setting/paymentmethod' },
      { title: 'MENU_Stock', icon: 'DatabaseOutlined', sref: '/setting/stock' },
      { title: 'MENU_StockMessages', icon: 'MessageOutlined', sref: '/setting/stockmessages' },
      { title: 'MENU_Articles', icon: 'BarcodeOutlined', sref: '/setting/article' },
      { title: 'MENU_Categories', icon: 'ApartmentOutlined', sref: '/setting/category' },
      { title: 'MENU_Menus', icon: 'MenuOutlined', sref: '/setting/menu' },
      { title: 'MENU_SettingFiles', icon: 'FolderOpenOutlined', sref: '/setting/file' },
      { title: 'MENU_Sync', icon: 'SyncOutlined', sref: '/setting/sync' },
      { title: 'MENU_SalesWebAdmin', icon: 'CloudSyncOutlined', sref: '/salesweb-admin' },
      { title: 'MENU_LogDocuments', icon: 'DownloadOutlined', sref: '/setting/logdocument' },
      { title: 'MENU_UserLogs', icon: 'LoginOutlined', sref: '/setting/userlog' },
      { title: 'MENU_MailOutbox', icon: 'MailOutlined', sref: '/setting/mail' },
      { title: 'MENU_Integrations', icon: 'ApiOutlined', sref: '/setting/integrations' },
    ],
  },
  {
    title: 'MENU_Stats',
    icon: 'BarChartOutlined',
    minRank: RANK.admin,
    items: [
      { title: 'MENU_StatsDate', icon: 'LineChartOutlined', sref: '/stats/date' },
      { title: 'MENU_StatsModel', icon: 'CarOutlined', sref: '/stats/model' },
      { title: 'MENU_StatsFamily', icon: 'PieChartOutlined', sref: '/stats/family' },
    ],
  },
];

async function insertMenu(db: Db, items: MenuSeed[], parentId: number | null, inheritedRank: number) {
  for (const [position, item] of items.entries()) {
    const minRank = item.minRank ?? inheritedRank;
    const rows = await db
      .insert(navMenuItems)
      .values({
        parentId,
        position,
        title: item.title,
        icon: item.icon,
        sref: item.sref ?? null,
        minRank,
        requiredRole: item.role ?? null,
      })
      .returning({ id: navMenuItems.id });
    if (item.items) await insertMenu(db, item.items, rows[0]!.id, minRank);
  }
}

const WELCOME: Record<string, { title: string; lines: string[] }> = {
  es: {
    title: 'Bienvenido a {brand}',
    lines: [
      'Busque recambios por marca, modelo y motor, por referencia, código OEM, EUROCODE o matrícula.',
      'Consulte su precio neto y el stock de cada almacén antes de pedir.',
      'Siga sus pedidos, albaranes, facturas y devoluciones, y descárguelos en PDF o Excel.',
    ],
  },
  en: {
    title: 'Welcome to {brand}',
    lines: [
      'Find parts by make, model and engine, by reference, OEM code, EUROCODE or licence plate.',
      'See your net price and the stock of every warehouse before you order.',
      'Follow your orders, delivery notes, invoices and returns, and download them as PDF or Excel.',
    ],
  },
  fr: {
    title: 'Bienvenue sur {brand}',
    lines: [
      'Trouvez vos pièces par marque, modèle et motorisation, par référence, code OE, EUROCODE ou immatriculation.',
      'Consultez votre prix net et le stock de chaque entrepôt avant de commander.',
      'Suivez vos commandes, bons de livraison, factures et retours, et téléchargez-les en PDF ou Excel.',
    ],
  },
  pt: {
    title: 'Bem-vindo à {brand}',
    lines: [
      'Procure peças por marca, modelo e motorização, por referência, código OEM, EUROCODE ou matrícula.',
      'Consulte o seu preço líquido e o stock de cada armazém antes de encomendar.',
      'Acompanhe as suas encomendas, guias de remessa, faturas e devoluções, e descarregue-as em PDF ou Excel.',
    ],
  },
};

export async function seedContent(db: Db) {
  await insertMenu(db, MENU, null, RANK.ordinary);
  const words = Object.fromEntries(LANGUAGES.map((l) => [l.key, readDictionary(l.key)]));
  const rows = Object.values(BRANDS).flatMap((brand) =>
    LANGUAGES.map((l) => {
      const w = WELCOME[l.key]!;
      // The brand's tagline in the page's language (the web shows the same words on the login page).
      const tagline = words[l.key]?.[`UI_Brand_${brand.code}_tagline`] ?? brand.tagline;
      const html = `<h2>${w.title.replace('{brand}', brand.name)}</h2><p><strong>${tagline}</strong></p><ul>${w.lines
        .map((line) => `<li>${line}</li>`)
        .join('')}</ul>`;
      return { context: brand.context, lang: l.key, html: sanitizeRichText(html) };
    }),
  );
  await db.insert(welcomeTexts).values(rows);
}
