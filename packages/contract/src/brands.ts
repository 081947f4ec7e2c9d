import type { WebContext } from './constants.ts';

/**
 * The three site variants (web contexts 0, 1, 2). Neutral demo brands: no real company.
 * The web reads name, colours, logo text, footer and ribbon; the server reads the company block
 * printed on documents.
 */
export type Brand = {
  context: WebContext;
  /** Short machine name, used in call names such as getcartclients_{code}. */
  code: string;
  name: string;
  tagline: string;
  colors: { primary: string; header: string; headerText: string; ribbon: string; accent: string };
  /** Letters drawn in the logo badge. */
  logoText: string;
  footer: string;
  ribbon: string;
  company: {
    legalName: string;
    taxId: string;
    address: string;
    city: string;
    zipcode: string;
    country: string;
    phone: string;
    email: string;
    web: string;
  };
};

export const BRANDS: Record<WebContext, Brand> = {
  0: {
    context: 0,
    code: 'recambia',
    name: 'Recambia',
    tagline: 'Recambios para profesionales',
    colors: { primary: '#1f5fa8', header: '#16365c', headerText: '#ffffff', ribbon: '#e8eef6', accent: '#f0a020' },
    logoText: 'R',
    footer: 'Recambia Distribución, S.L. · Portal profesional',
    ribbon: 'Portal de pedidos',
    company: {
      legalName: 'Recambia Distribución, S.L.',
      taxId: 'B00000000',
      address: 'Calle de la Industria, 12',
      city: 'Zaragoza',
      zipcode: '50014',
      country: 'España',
      phone: '+34 976 000 000',
      email: 'pedidos@recambia.example',
      web: 'recambia.example',
    },
  },
  1: {
    context: 1,
    code: 'pecaslus',
    name: 'PeçasLus',
    tagline: 'Peças auto para profissionais',
    colors: { primary: '#0f7a55', header: '#0b4d37', headerText: '#ffffff', ribbon: '#e6f3ee', accent: '#d4a017' },
    logoText: 'P',
    footer: 'PeçasLus Distribuição, Lda. · Portal profissional',
    ribbon: 'Portal de encomendas',
    company: {
      legalName: 'PeçasLus Distribuição, Lda.',
      taxId: 'PT000000000',
      address: 'Rua da Indústria, 45',
      city: 'Porto',
      zipcode: '4100-000',
      country: 'Portugal',
      phone: '+351 220 000 000',
      email: 'encomendas@pecaslus.example',
      web: 'pecaslus.example',
    },
  },
  2: {
    context: 2,
    code: 'vidriauto',
    name: 'Vidriauto',
    tagline: 'Lunas y cristales del automóvil',
    colors: { primary: '#7a2f8f', header: '#3f1a4a', headerText: '#ffffff', ribbon: '#f2e9f5', accent: '#29a3c7' },
    logoText: 'V',
    footer: 'Vidriauto Cristal, S.L. · Portal de montadores',
    ribbon: 'Portal de lunas',
    company: {
      legalName: 'Vidriauto Cristal, S.L.',
      taxId: 'B11111111',
      address: 'Avenida del Vidrio, 8',
      city: 'Valencia',
      zipcode: '46015',
      country: 'España',
      phone: '+34 963 000 000',
      email: 'pedidos@vidriauto.example',
      web: 'vidriauto.example',
    },
  },
};

export function brandOf(context: number): Brand {
  return BRANDS[(context === 1 || context === 2 ? context : 0) as WebContext];
}
