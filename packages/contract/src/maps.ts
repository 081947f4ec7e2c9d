/** The map of stores and points (spec part 2 §2, §3, §5, §7, §9): calls under /api/inmap and their rules. */
import { z } from 'zod';
import { LANGUAGE_KEYS, RANK } from './constants.ts';
import { endpoint } from './endpoint.ts';
import { errorBody } from './errors.ts';

/** The default centre (fixed: Madrid, Puerta del Sol) and the zoom of the spec (part 2 §9). */
export const MAP_DEFAULTS = { center: { lat: 40.416775, lng: -3.70379 }, zoom: 15, maxZoom: 19 } as const;

export const MAP_POINT_KINDS = ['store', 'point'] as const;
export type MapPointKind = (typeof MAP_POINT_KINDS)[number];

/** The marker variants a point may carry (each site variant draws them its own way; context 2 has its own). */
export const MAP_MARKERS = ['blue', 'red', 'green', 'orange'] as const;
export type MapMarker = (typeof MAP_MARKERS)[number];

/** The map types: the street map always; satellite and hybrid only when a licensed tile URL is configured. */
export const MAP_TILE_KINDS = ['street', 'satellite', 'hybrid'] as const;
export type MapTileKind = (typeof MAP_TILE_KINDS)[number];

/** Colour styles drawn over the street map (no extra tile server needed). */
export const MAP_COLOUR_STYLES = ['grey', 'night', 'sepia'] as const;
export type MapColourStyle = (typeof MAP_COLOUR_STYLES)[number];

export const MAP_LIMITS = { nameMax: 120, descriptionMax: 2000, storeIdMax: 20 } as const;

/** The dictionary keys the rules answer with; the web shows the same ones. */
export const MAP_MESSAGES = {
  dataMissing: 'MSG_DataMissing',
  coordinateInvalid: 'MSG_MapCoordinateInvalid',
  latitudeRange: 'MSG_MapLatitudeRange',
  longitudeRange: 'MSG_MapLongitudeRange',
  languageAlreadyAdded: 'MSG_LanguageAlreadyAdded',
  oneLanguageRequired: 'MSG_OneLanguageRequired',
  nameRequired: 'MSG_MapNameRequired',
  nameTooLong: 'MSG_MapNameTooLong',
  descriptionTooLong: 'MSG_MapDescriptionTooLong',
  storeRequired: 'MSG_MapStoreRequired',
  storeUnknown: 'MSG_MapStoreUnknown',
  saved: 'MSG_ElementSaved',
  deleted: 'WARN_DeleteOK',
} as const;

type CoordinateResult = { ok: true; value: number } | { ok: false; key: string };

/**
 * Reads a latitude or longitude as typed: a number, or text where a comma is the decimal separator
 * ("40,4168" is 40.4168). Empty is "Data missing"; outside -90..90 (latitude) or -180..180 (longitude) is refused.
 */
export function readCoordinate(value: unknown, axis: 'latitude' | 'longitude'): CoordinateResult {
  if (value === undefined || value === null) return { ok: false, key: MAP_MESSAGES.dataMissing };
  let number: number;
  if (typeof value === 'number') number = value;
  else if (typeof value === 'string') {
    const text = value.trim().replaceAll(',', '.');
    if (text === '') return { ok: false, key: MAP_MESSAGES.dataMissing };
    if (!/^[+-]?(\d+(\.\d*)?|\.\d+)$/.test(text)) return { ok: false, key: MAP_MESSAGES.coordinateInvalid };
    number = Number(text);
  } else return { ok: false, key: MAP_MESSAGES.coordinateInvalid };
  if (!Number.isFinite(number)) return { ok: false, key: MAP_MESSAGES.coordinateInvalid };
  const limit = axis === 'latitude' ? 90 : 180;
  if (number < -limit || number > limit) {
    return { ok: false, key: axis === 'latitude' ? MAP_MESSAGES.latitudeRange : MAP_MESSAGES.longitudeRange };
  }
  // The database keeps six decimals (about 0.1 m).
  return { ok: true, value: Math.round(number * 1e6) / 1e6 };
}

const coordinate = (axis: 'latitude' | 'longitude') =>
  z
    .union([z.number(), z.string().max(40), z.null()])
    .optional()
    .transform((value, ctx) => {
      const read = readCoordinate(value, axis);
      if (read.ok) return read.value;
      ctx.addIssue({ code: 'custom', message: read.key });
      return z.NEVER;
    });

export const mapLanguage = z.enum(LANGUAGE_KEYS);

/** One language of a point (spec: mapointposted with idioma_cod, nombre, descripcion). */
export const mapPointText = z.object({
  idioma_cod: mapLanguage,
  nombre: z
    .string()
    .trim()
    .min(1, { message: MAP_MESSAGES.nameRequired })
    .max(MAP_LIMITS.nameMax, { message: MAP_MESSAGES.nameTooLong }),
  descripcion: z
    .string()
    .trim()
    .max(MAP_LIMITS.descriptionMax, { message: MAP_MESSAGES.descriptionTooLong })
    .default(''),
});
export type MapPointText = z.infer<typeof mapPointText>;

/** The languages of a point: at least one, each once. */
export const mapPointTexts = z.array(mapPointText).superRefine((texts, ctx) => {
  if (texts.length === 0) ctx.addIssue({ code: 'custom', message: MAP_MESSAGES.oneLanguageRequired });
  const seen = new Set<string>();
  texts.forEach((text, index) => {
    if (seen.has(text.idioma_cod)) {
      ctx.addIssue({ code: 'custom', message: MAP_MESSAGES.languageAlreadyAdded, path: [index, 'idioma_cod'] });
    }
    seen.add(text.idioma_cod);
  });
});

/** POST putmap/{id}: the point as the admin edits it. A store's point names its store. */
export const putMapBody = z
  .object({
    latitude: coordinate('latitude'),
    longitude: coordinate('longitude'),
    sw_activo: z.boolean().default(true),
    tipo: z.enum(MAP_POINT_KINDS).default('point'),
    almacen: z.string().trim().max(MAP_LIMITS.storeIdMax).nullable().optional(),
    marker: z.enum(MAP_MARKERS).default('blue'),
    mapointposted: mapPointTexts,
  })
  .superRefine((point, ctx) => {
    if (point.tipo === 'store' && !point.almacen) {
      ctx.addIssue({ code: 'custom', message: MAP_MESSAGES.storeRequired, path: ['almacen'] });
    }
  });
export type PutMapBody = z.input<typeof putMapBody>;
export type PutMapData = z.output<typeof putMapBody>;

/** The id of a point in a path: 0 (or "new") is a point not saved yet (putmap creates it). */
export const mapIdParams = z.object({
  id: z.union([z.literal('new').transform(() => 0), z.coerce.number().int().min(0).max(2_147_483_647)]),
});

export const mapLanguageQuery = z.object({ cod_idioma: mapLanguage.default('es') });

export const getMapsQuery = z.object({
  cod_idioma: mapLanguage.default('es'),
  /** Admins only: also the inactive points (the editing list). */
  todos: z
    .enum(['true', 'false', '1', '0'])
    .optional()
    .transform((v) => v === 'true' || v === '1'),
});

/** What a store's popup shows. */
export const mapStore = z.object({
  id: z.string(),
  name: z.string(),
  street: z.string(),
  city: z.string(),
  zipcode: z.string(),
  province: z.string(),
  phone: z.string().nullable(),
  opening_hours: z.string().nullable(),
});
export type MapStore = z.infer<typeof mapStore>;

/** GET getmaps/: one marker, in the asked language (or Spanish, or the first it has). */
export const mapMarkerPoint = z.object({
  id_mapoint: z.number().int(),
  latitude: z.number(),
  longitude: z.number(),
  sw_activo: z.boolean(),
  tipo: z.enum(MAP_POINT_KINDS),
  marker: z.enum(MAP_MARKERS),
  almacen: z.string().nullable(),
  idioma_cod: mapLanguage,
  nombre: z.string(),
  descripcion: z.string(),
  store: mapStore.nullable(),
});
export type MapMarkerPoint = z.infer<typeof mapMarkerPoint>;
export const getMapsResponse = z.array(mapMarkerPoint);

/** GET getmap/{id} and getnewmap: the point with every language, as the edit form holds it. */
export const mapPointDetail = z.object({
  id_mapoint: z.number().int(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  sw_activo: z.boolean(),
  tipo: z.enum(MAP_POINT_KINDS),
  marker: z.enum(MAP_MARKERS),
  almacen: z.string().nullable(),
  mapointposted: z.array(z.object({ idioma_cod: mapLanguage, nombre: z.string(), descripcion: z.string() })),
});
export type MapPointDetail = z.infer<typeof mapPointDetail>;

export const putMapResponse = z.object({ message: z.literal(MAP_MESSAGES.saved), id_mapoint: z.number().int() });
export const deleteMapResponse = z.object({ message: z.literal(MAP_MESSAGES.deleted), id_mapoint: z.number().int() });

/** GET config: the tile layers configured on the server (MAP_TILE_URL, MAP_SATELLITE_URL, MAP_HYBRID_URL). */
export const mapTileLayer = z.object({
  kind: z.enum(MAP_TILE_KINDS),
  url: z.string(),
  attribution: z.string(),
  attributionUrl: z.string().nullable(),
  maxZoom: z.number().int(),
});
export type MapTileLayer = z.infer<typeof mapTileLayer>;
export const mapConfigResponse = z.object({
  center: z.object({ lat: z.number(), lng: z.number() }),
  zoom: z.number().int(),
  layers: z.array(mapTileLayer),
  styles: z.array(z.enum(MAP_COLOUR_STYLES)),
  /** The stores a store's point may name (admins only; empty for other callers). */
  stores: z.array(z.object({ id: z.string(), name: z.string() })),
});
export type MapConfigResponse = z.infer<typeof mapConfigResponse>;

const tags = ['maps'] as const;
const P = '/api/inmap';

/**
 * The calls of the map (spec part 2 §7 "Maps"; decision 0026; issue 24: each declared once): signed-in users read,
 * admins write.
 */
export const mapCalls = {
  config: endpoint({
    method: 'GET',
    path: `${P}/config`,
    access: 'user',
    summary: 'Default centre and zoom, the configured map types (tile layers) and colour styles',
    tags,
    response: mapConfigResponse,
  }),
  markers: endpoint({
    method: 'GET',
    path: `${P}/getmaps/`,
    access: 'user',
    summary: 'The active map points in a language (Spanish when missing); admins may ask for the inactive too',
    tags,
    query: getMapsQuery,
    response: getMapsResponse,
    refusals: { 403: errorBody },
  }),
  point: endpoint({
    method: 'GET',
    path: `${P}/getmap/:id`,
    access: 'user',
    summary: 'A map point with all its languages (an inactive one only for admins)',
    tags,
    params: mapIdParams,
    response: mapPointDetail,
    refusals: { 404: errorBody },
  }),
  newPoint: endpoint({
    method: 'GET',
    path: `${P}/getnewmap`,
    access: 'user',
    summary: 'An unsaved map point (id 0) with one empty language tab',
    tags,
    query: mapLanguageQuery,
    response: mapPointDetail,
  }),
  put: endpoint({
    method: 'POST',
    path: `${P}/putmap/:id`,
    access: { rank: RANK.admin },
    summary: 'Creates (id 0 or "new") or replaces a map point with its languages',
    tags,
    params: mapIdParams,
    body: putMapBody,
    response: putMapResponse,
    refusals: { 400: errorBody, 404: errorBody },
  }),
  remove: endpoint({
    method: 'DELETE',
    path: `${P}/deletemap/:id`,
    access: { rank: RANK.admin },
    summary: 'Deletes a map point and its languages',
    tags,
    params: mapIdParams,
    response: deleteMapResponse,
    refusals: { 404: errorBody },
  }),
};
