import type { LanguageKey } from '@portal/contract/constants';
import { DOCUMENT_TYPE, type DocumentType } from '@portal/contract/sales';
import { moneyText } from '../../lib/money-text.ts';

/** The words printed on documents, per language (the dictionaries hold the screens' words). */
export type DocumentLabels = {
  title: Record<DocumentType, string>;
  /** File name stem per type: "Pedido", "Albaran", "Factura"… (ASCII). */
  fileStem: Record<DocumentType, string>;
  number: string;
  date: string;
  dueDate: string;
  client: string;
  clientName: string;
  issuer: string;
  taxId: string;
  deliveryAddress: string;
  customerRef: string;
  store: string;
  dlvMode: string;
  status: string;
  origin: string;
  employee: string;
  relatedSales: string;
  relatedPackingSlips: string;
  relatedInvoices: string;
  line: string;
  item: string;
  description: string;
  order: string;
  quantity: string;
  price: string;
  discount: string;
  amount: string;
  vatPct: string;
  vatAmount: string;
  base: string;
  vat: string;
  total: string;
  units: string;
  page: (n: number, of: number) => string;
  statuses: Record<number, string>;
  linesSheet: string;
  documentSheet: string;
  field: string;
  value: string;
  invoiceNote: string;
  paymentTerms: string;
  directDebit: string;
};

const es: DocumentLabels = {
  title: {
    [DOCUMENT_TYPE.sales]: 'Pedido',
    [DOCUMENT_TYPE.packingSlip]: 'Albarán',
    [DOCUMENT_TYPE.invoice]: 'Factura',
  },
  fileStem: { 1: 'Pedido', 2: 'Albaran', 3: 'Factura' },
  number: 'Número',
  date: 'Fecha',
  dueDate: 'Vencimiento',
  client: 'Cliente',
  clientName: 'Razón social',
  issuer: 'Emisor',
  taxId: 'NIF',
  deliveryAddress: 'Dirección de entrega',
  customerRef: 'Su referencia',
  store: 'Almacén',
  dlvMode: 'Modo de entrega',
  status: 'Estado',
  origin: 'Origen',
  employee: 'Atendido por',
  relatedSales: 'Pedidos',
  relatedPackingSlips: 'Albaranes',
  relatedInvoices: 'Facturas',
  line: 'Lín.',
  item: 'Referencia',
  description: 'Descripción',
  order: 'Pedido',
  quantity: 'Cantidad',
  price: 'Precio',
  discount: 'Dto. %',
  amount: 'Importe',
  vatPct: 'IVA %',
  vatAmount: 'Cuota IVA',
  base: 'Base imponible',
  vat: 'IVA',
  total: 'Total',
  units: 'Unidades',
  page: (n, of) => `Página ${n} de ${of}`,
  statuses: { 0: 'Ninguno', 1: 'Abierto', 2: 'Entregado', 3: 'Facturado', 4: 'Cancelado' },
  linesSheet: 'Líneas',
  documentSheet: 'Documento',
  field: 'Campo',
  value: 'Valor',
  invoiceNote: 'Pago por domiciliación bancaria al vencimiento indicado.',
  paymentTerms: 'Condiciones de pago',
  directDebit: 'Domiciliación bancaria',
};

const en: DocumentLabels = {
  title: { 1: 'Sales order', 2: 'Delivery note', 3: 'Invoice' },
  fileStem: { 1: 'Order', 2: 'DeliveryNote', 3: 'Invoice' },
  number: 'Number',
  date: 'Date',
  dueDate: 'Due date',
  client: 'Customer',
  clientName: 'Company name',
  issuer: 'Issued by',
  taxId: 'Tax ID',
  deliveryAddress: 'Delivery address',
  customerRef: 'Your reference',
  store: 'Warehouse',
  dlvMode: 'Delivery mode',
  status: 'Status',
  origin: 'Origin',
  employee: 'Served by',
  relatedSales: 'Orders',
  relatedPackingSlips: 'Delivery notes',
  relatedInvoices: 'Invoices',
  line: 'Line',
  item: 'Reference',
  description: 'Description',
  order: 'Order',
  quantity: 'Quantity',
  price: 'Price',
  discount: 'Disc. %',
  amount: 'Amount',
  vatPct: 'VAT %',
  vatAmount: 'VAT',
  base: 'Taxable base',
  vat: 'VAT',
  total: 'Total',
  units: 'Units',
  page: (n, of) => `Page ${n} of ${of}`,
  statuses: { 0: 'None', 1: 'Open', 2: 'Delivered', 3: 'Invoiced', 4: 'Cancelled' },
  linesSheet: 'Lines',
  documentSheet: 'Document',
  field: 'Field',
  value: 'Value',
  invoiceNote: 'Payment by direct debit on the due date shown.',
  paymentTerms: 'Payment terms',
  directDebit: 'Direct debit',
};

const fr: DocumentLabels = {
  title: { 1: 'Commande', 2: 'Bon de livraison', 3: 'Facture' },
  fileStem: { 1: 'Commande', 2: 'BonLivraison', 3: 'Facture' },
  number: 'Numéro',
  date: 'Date',
  dueDate: 'Échéance',
  client: 'Client',
  clientName: 'Raison sociale',
  issuer: 'Émetteur',
  taxId: 'N° TVA',
  deliveryAddress: 'Adresse de livraison',
  customerRef: 'Votre référence',
  store: 'Entrepôt',
  dlvMode: 'Mode de livraison',
  status: 'État',
  origin: 'Origine',
  employee: 'Servi par',
  relatedSales: 'Commandes',
  relatedPackingSlips: 'Bons de livraison',
  relatedInvoices: 'Factures',
  line: 'Lig.',
  item: 'Référence',
  description: 'Désignation',
  order: 'Commande',
  quantity: 'Quantité',
  price: 'Prix',
  discount: 'Rem. %',
  amount: 'Montant',
  vatPct: 'TVA %',
  vatAmount: 'TVA',
  base: 'Base HT',
  vat: 'TVA',
  total: 'Total TTC',
  units: 'Unités',
  page: (n, of) => `Page ${n} sur ${of}`,
  statuses: { 0: 'Aucun', 1: 'Ouverte', 2: 'Livrée', 3: 'Facturée', 4: 'Annulée' },
  linesSheet: 'Lignes',
  documentSheet: 'Document',
  field: 'Champ',
  value: 'Valeur',
  invoiceNote: 'Paiement par prélèvement à l’échéance indiquée.',
  paymentTerms: 'Conditions de paiement',
  directDebit: 'Prélèvement bancaire',
};

const pt: DocumentLabels = {
  title: { 1: 'Encomenda', 2: 'Guia de remessa', 3: 'Fatura' },
  fileStem: { 1: 'Encomenda', 2: 'GuiaRemessa', 3: 'Fatura' },
  number: 'Número',
  date: 'Data',
  dueDate: 'Vencimento',
  client: 'Cliente',
  clientName: 'Nome',
  issuer: 'Emitente',
  taxId: 'NIF',
  deliveryAddress: 'Morada de entrega',
  customerRef: 'A sua referência',
  store: 'Armazém',
  dlvMode: 'Modo de entrega',
  status: 'Estado',
  origin: 'Origem',
  employee: 'Atendido por',
  relatedSales: 'Encomendas',
  relatedPackingSlips: 'Guias de remessa',
  relatedInvoices: 'Faturas',
  line: 'Lin.',
  item: 'Referência',
  description: 'Descrição',
  order: 'Encomenda',
  quantity: 'Quantidade',
  price: 'Preço',
  discount: 'Desc. %',
  amount: 'Valor',
  vatPct: 'IVA %',
  vatAmount: 'IVA',
  base: 'Base tributável',
  vat: 'IVA',
  total: 'Total',
  units: 'Unidades',
  page: (n, of) => `Página ${n} de ${of}`,
  statuses: { 0: 'Nenhum', 1: 'Aberta', 2: 'Entregue', 3: 'Faturada', 4: 'Cancelada' },
  linesSheet: 'Linhas',
  documentSheet: 'Documento',
  field: 'Campo',
  value: 'Valor',
  invoiceNote: 'Pagamento por débito direto na data de vencimento indicada.',
  paymentTerms: 'Condições de pagamento',
  directDebit: 'Débito direto',
};

export const DOCUMENT_LABELS: Record<LanguageKey, DocumentLabels> = { es, en, fr, pt };

const LOCALES: Record<LanguageKey, string> = { es: 'es-ES', en: 'en-GB', fr: 'fr-FR', pt: 'pt-PT' };

/** Number and date formatting of a language, with plain spaces (the PDF fonts have no narrow spaces). */
export function formatterOf(lang: LanguageKey) {
  const locale = LOCALES[lang];
  const plain = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ');
  const number = new Intl.NumberFormat(locale, { minimumFractionDigits: 0, maximumFractionDigits: 2 });
  return {
    money: (n: number) => moneyText(n, locale),
    number: (n: number) => plain(number.format(n)),
    /** A YYYY-MM-DD day as the language writes it (dd/mm/yyyy in Spain). */
    date: (day: string) => {
      const [y, m, d] = day.split('-').map(Number);
      return plain(new Date(Date.UTC(y!, m! - 1, d!)).toLocaleDateString(locale, { timeZone: 'UTC' }));
    },
  };
}
