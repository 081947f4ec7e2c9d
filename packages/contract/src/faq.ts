/** FAQ packs (spec part 2 §2 FAQ, §3 FAQ pack, §5, §7 /api/infaq, §9 pack types; decision 0038). */
import { z } from 'zod';
import { LANGUAGE_KEYS, RANK } from './constants.ts';
import { endpoint } from './endpoint.ts';
import { errorBody } from './errors.ts';
import { type GridDefinition, gridQuery, gridResponse } from './grids.ts';

/** Pack types (spec §9): 0 normal, 1 the default private pack (signed-in users), 2 the default public pack (anyone). */
export const FAQ_PACK_TYPES = { normal: 0, defaultPrivate: 1, defaultPublic: 2 } as const;
export type FaqPackType = (typeof FAQ_PACK_TYPES)[keyof typeof FAQ_PACK_TYPES];
export const FAQ_PACK_TYPE_CODES = [0, 1, 2] as const;

export const FAQ_LIMITS = {
  nameMax: 120,
  descriptionMax: 500,
  questionMax: 300,
  answerMax: 20_000,
  responsesMax: 200,
} as const;

export const FAQ_MESSAGES = {
  saved: 'WARN_SaveOK',
  deleted: 'WARN_DeleteOK',
  confirmDeleteResponse: 'WARN_DeleteResponse',
  confirmDeletePack: 'WARN_DeleteFAQPack',
  nameRequired: 'MSG_FaqNameRequired',
  nameTooLong: 'MSG_FaqNameTooLong',
  descriptionTooLong: 'MSG_FaqDescriptionTooLong',
  questionRequired: 'MSG_FaqQuestionRequired',
  questionTooLong: 'MSG_FaqQuestionTooLong',
  answerTooLong: 'MSG_FaqAnswerTooLong',
  tooManyResponses: 'MSG_FaqTooManyResponses',
  typeInvalid: 'MSG_FaqTypeInvalid',
  defaultTaken: 'MSG_FaqDefaultTaken',
  responseUnknown: 'MSG_FaqResponseUnknown',
} as const;

const packType = z
  .number()
  .int()
  .refine((v) => v === 0 || v === 1 || v === 2, { message: FAQ_MESSAGES.typeInvalid });

export const faqLanguage = z.enum(LANGUAGE_KEYS);

/** One question and answer of a pack, as the pack form saves it (id_response 0: a new one). Order = position. */
export const faqResponseInput = z.object({
  id_response: z.number().int().min(0).default(0),
  pregunta: z
    .string()
    .trim()
    .min(1, { message: FAQ_MESSAGES.questionRequired })
    .max(FAQ_LIMITS.questionMax, { message: FAQ_MESSAGES.questionTooLong }),
  /** Rich text: sanitised on save (no scripts, event handlers or javascript: links) and again on render. */
  respuesta: z.string().max(FAQ_LIMITS.answerMax, { message: FAQ_MESSAGES.answerTooLong }).default(''),
});
export type FaqResponseInput = z.input<typeof faqResponseInput>;

/** POST putfaqpack/{id}: the pack and the whole list of its responses in order (the ones left out are deleted). */
export const putFaqPackBody = z.object({
  idioma_cod: faqLanguage,
  nombre: z
    .string()
    .trim()
    .min(1, { message: FAQ_MESSAGES.nameRequired })
    .max(FAQ_LIMITS.nameMax, { message: FAQ_MESSAGES.nameTooLong }),
  descripcion: z
    .string()
    .trim()
    .max(FAQ_LIMITS.descriptionMax, { message: FAQ_MESSAGES.descriptionTooLong })
    .default(''),
  tipo_cod: packType.default(0),
  sw_activo: z.boolean().default(true),
  faqpack_response: z
    .array(faqResponseInput)
    .max(FAQ_LIMITS.responsesMax, { message: FAQ_MESSAGES.tooManyResponses })
    .default([]),
});
export type PutFaqPackBody = z.input<typeof putFaqPackBody>;
export type PutFaqPackData = z.output<typeof putFaqPackBody>;

export const faqResponse = z.object({
  id_response: z.number().int(),
  faqpack_id: z.number().int(),
  pregunta: z.string(),
  respuesta: z.string(),
});
export type FaqResponse = z.infer<typeof faqResponse>;

/** A pack with its responses (getfaqpack/{id}, getnewfaqpack, getdefaultfaqpack). */
export const faqPack = z.object({
  id_faqpack: z.number().int(),
  idioma_cod: faqLanguage,
  nombre: z.string(),
  descripcion: z.string(),
  tipo_cod: z.number().int(),
  sw_activo: z.boolean(),
  faqpack_response: z.array(faqResponse),
});
export type FaqPack = z.infer<typeof faqPack>;

export const faqIdParams = z.object({
  id: z.union([z.literal('new').transform(() => 0), z.coerce.number().int().min(0).max(2_147_483_647)]),
});
export const faqLanguageQuery = z.object({ lang: faqLanguage.default('es') });
export const faqCodIdiomaQuery = z.object({ cod_idioma: faqLanguage.default('es') });
/** deletefaqpackresponse/{id}: the response, and its pack (faqpack_id). */
export const deleteFaqResponseQuery = z.object({ faqpack_id: z.coerce.number().int().min(1).max(2_147_483_647) });

/** GET getdefaultfaqpack: the default public pack for anyone, plus the default private one for a signed-in caller. */
export const defaultFaqPacksResponse = z.object({ public: faqPack.nullable(), private: faqPack.nullable() });
export type DefaultFaqPacksResponse = z.infer<typeof defaultFaqPacksResponse>;

/** GET getfaq: every active pack of a language with its responses (the customers' searchable FAQ). */
export const faqOfLanguageResponse = z.array(faqPack);

/** The packs grid (GetFaqPackJqGrid for admins; GetFaqPackByIdiomaJqGrid: the active packs of a language). */
export const FAQ_PACK_GRID = {
  columns: {
    Id_FaqPack: { type: 'number', sortable: true, filterable: true },
    Idioma_Cod: { type: 'text', sortable: true, filterable: true },
    Nombre: { type: 'text', sortable: true, filterable: true },
    Descripcion: { type: 'text', sortable: true, filterable: true },
    Tipo_Cod_Enum: { type: 'number', sortable: true, filterable: true },
    SW_Activo: { type: 'bool', sortable: true, filterable: true },
  },
  defaultSort: { sidx: 'Nombre', sord: 'asc' },
} as const satisfies GridDefinition;

export const faqPackRow = z.object({
  Id_FaqPack: z.number().int(),
  Idioma_Cod: z.string(),
  Nombre: z.string(),
  Descripcion: z.string(),
  Tipo_Cod_Enum: z.number().int(),
  SW_Activo: z.boolean(),
  Respuestas: z.number().int(),
});
export type FaqPackRow = z.infer<typeof faqPackRow>;
export const faqPackGridQuery = gridQuery;
export const faqPackByLanguageGridQuery = gridQuery.extend({ cod_idioma: faqLanguage.default('es') });
export const faqPackGridResponse = gridResponse(faqPackRow);

export const faqSavedResponse = z.object({ message: z.literal(FAQ_MESSAGES.saved), id_faqpack: z.number().int() });
export const faqDeletedResponse = z.object({ message: z.literal(FAQ_MESSAGES.deleted), id: z.number().int() });

/** Text of an answer for searching: tags dropped, entities of spaces and ampersands read. */
export function answerText(html: string): string {
  return html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Lower case without accents: "Devolución" matches "devolucion". */
export const foldForSearch = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/** Whether a question or its answer holds every word typed. */
export function faqMatches(response: { pregunta: string; respuesta: string }, query: string): boolean {
  const words = foldForSearch(query).split(/\s+/).filter(Boolean);
  if (words.length === 0) return true;
  const haystack = foldForSearch(`${response.pregunta} ${answerText(response.respuesta)}`);
  return words.every((word) => haystack.includes(word));
}

const tags = ['faq'] as const;
const P = '/api/infaq';
const admin = { rank: RANK.admin } as const;

/**
 * The calls of the FAQ (spec part 2 §7 "FAQ"; decision 0038; issue 24: each declared once). Admins edit every pack;
 * signed-in users read the active packs; anonymous callers read only the default public pack of a language.
 */
export const faqCalls = {
  grid: endpoint({
    method: 'GET',
    path: `${P}/GetFaqPackJqGrid`,
    access: admin,
    summary: 'Every FAQ pack (jqGrid): Id_FaqPack, Idioma_Cod, Nombre, Descripcion, Tipo_Cod_Enum, SW_Activo',
    tags,
    query: faqPackGridQuery,
    response: faqPackGridResponse,
    refusals: { 400: errorBody },
  }),
  gridOfLanguage: endpoint({
    method: 'GET',
    path: `${P}/GetFaqPackByIdiomaJqGrid`,
    access: 'user',
    summary: 'The active FAQ packs of a language (jqGrid)',
    tags,
    query: faqPackByLanguageGridQuery,
    response: faqPackGridResponse,
    refusals: { 400: errorBody },
  }),
  ofLanguage: endpoint({
    method: 'GET',
    path: `${P}/getfaq`,
    access: 'user',
    summary: 'Every active pack of a language with its questions and answers (the searchable FAQ)',
    tags,
    query: faqCodIdiomaQuery,
    response: faqOfLanguageResponse,
  }),
  defaultPacks: endpoint({
    method: 'GET',
    path: `${P}/getdefaultfaqpack`,
    access: 'optional',
    summary:
      'The default public pack of a language (anyone, also signed out), and the default private pack for a signed-in caller',
    tags,
    query: faqLanguageQuery,
    response: defaultFaqPacksResponse,
    refusals: { 401: errorBody },
  }),
  pack: endpoint({
    method: 'GET',
    path: `${P}/getfaqpack/:id`,
    access: 'user',
    summary: 'A pack with its responses (an inactive one only for admins)',
    tags,
    params: faqIdParams,
    response: faqPack,
    refusals: { 404: errorBody },
  }),
  responses: endpoint({
    method: 'GET',
    path: `${P}/getfaqpackresponse/:id`,
    access: 'user',
    summary: "A pack's responses in order (id: faqpack_id; an inactive pack's only for admins)",
    tags,
    params: faqIdParams,
    response: z.array(faqResponse),
    refusals: { 404: errorBody },
  }),
  newPack: endpoint({
    method: 'GET',
    path: `${P}/getnewfaqpack`,
    access: admin,
    summary: 'An unsaved pack (id 0): normal, active, in the asked language, without responses',
    tags,
    query: faqLanguageQuery,
    response: faqPack,
  }),
  put: endpoint({
    method: 'POST',
    path: `${P}/putfaqpack/:id`,
    access: admin,
    summary:
      'Creates (id 0 or "new") or replaces a pack with its responses in order (answers sanitised; one default of each type per language)',
    tags,
    params: faqIdParams,
    body: putFaqPackBody,
    response: faqSavedResponse,
    refusals: { 400: errorBody, 404: errorBody },
  }),
  remove: endpoint({
    method: 'DELETE',
    path: `${P}/deletefaqpack/:id`,
    access: admin,
    summary: 'Deletes a pack and its responses (the web asks WARN_DeleteFAQPack first)',
    tags,
    params: faqIdParams,
    response: faqDeletedResponse,
    refusals: { 404: errorBody },
  }),
  removeResponse: endpoint({
    method: 'DELETE',
    path: `${P}/deletefaqpackresponse/:id`,
    access: admin,
    summary: 'Deletes one response of a pack (faqpack_id); the web asks WARN_DeleteResponse first',
    tags,
    params: faqIdParams,
    query: deleteFaqResponseQuery,
    response: faqDeletedResponse,
    refusals: { 404: errorBody },
  }),
};
