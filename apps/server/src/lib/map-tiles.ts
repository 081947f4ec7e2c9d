import { MAP_DEFAULTS, type MapTileLayer } from '@portal/contract/maps';
import { z } from 'zod';

/** The standard street map: OpenStreetMap's tiles, whose use asks for this attribution (decision 0026). */
export const DEFAULT_TILE_URL = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';
export const DEFAULT_TILE_ATTRIBUTION = '© OpenStreetMap contributors';
export const DEFAULT_TILE_ATTRIBUTION_URL = 'https://www.openstreetmap.org/copyright';

/** A tile URL template: an http(s) URL or a path of this server, with {z}, {x} and {y} where the tile goes. */
const tileUrl = z
  .string()
  .trim()
  .refine((v) => /^https?:\/\/[^/\s]+/i.test(v) || /^\/[^/\s]/.test(v), {
    message: 'must be an http(s) URL or a path starting with /, e.g. https://tiles.example/{z}/{x}/{y}.png',
  });

const mapEnv = z.object({
  MAP_TILE_URL: tileUrl.default(DEFAULT_TILE_URL),
  MAP_TILE_ATTRIBUTION: z.string().trim().max(300).optional(),
  MAP_TILE_ATTRIBUTION_URL: z.string().trim().max(300).optional(),
  MAP_SATELLITE_URL: tileUrl.optional(),
  MAP_SATELLITE_ATTRIBUTION: z.string().trim().max(300).default(''),
  MAP_HYBRID_URL: tileUrl.optional(),
  MAP_HYBRID_ATTRIBUTION: z.string().trim().max(300).default(''),
  MAP_MAX_ZOOM: z.coerce.number().int().min(1).max(22).default(MAP_DEFAULTS.maxZoom),
});

export type MapConfig = { layers: MapTileLayer[]; imgOrigins: string[] };

/** The map types of this installation: the street map always, satellite and hybrid only when configured. */
export function mapConfigFromEnv(env: NodeJS.ProcessEnv): { config: MapConfig } | { problems: string[] } {
  const parsed = mapEnv.safeParse(
    Object.fromEntries(Object.entries(env).filter(([key, value]) => key.startsWith('MAP_') && value !== '')),
  );
  if (!parsed.success) return { problems: parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`) };
  const e = parsed.data;
  const standard = e.MAP_TILE_URL === DEFAULT_TILE_URL;
  const layers: MapTileLayer[] = [
    {
      kind: 'street',
      url: e.MAP_TILE_URL,
      attribution: e.MAP_TILE_ATTRIBUTION ?? (standard ? DEFAULT_TILE_ATTRIBUTION : ''),
      attributionUrl: e.MAP_TILE_ATTRIBUTION_URL ?? (standard ? DEFAULT_TILE_ATTRIBUTION_URL : null),
      maxZoom: e.MAP_MAX_ZOOM,
    },
  ];
  if (e.MAP_SATELLITE_URL) {
    layers.push({
      kind: 'satellite',
      url: e.MAP_SATELLITE_URL,
      attribution: e.MAP_SATELLITE_ATTRIBUTION,
      attributionUrl: null,
      maxZoom: e.MAP_MAX_ZOOM,
    });
  }
  if (e.MAP_HYBRID_URL) {
    layers.push({
      kind: 'hybrid',
      url: e.MAP_HYBRID_URL,
      attribution: e.MAP_HYBRID_ATTRIBUTION,
      attributionUrl: null,
      maxZoom: e.MAP_MAX_ZOOM,
    });
  }
  return { config: { layers, imgOrigins: originsOf(layers.map((l) => l.url)) } };
}

/**
 * The origins the page may load tiles from (the CSP's img-src). A template's subdomain placeholder
 * ({s}.tile.example) is allowed as a wildcard of that domain.
 */
function originsOf(urls: string[]): string[] {
  const origins = new Set<string>();
  for (const url of urls) {
    const match = /^(https?):\/\/([^/]+)/i.exec(url);
    if (!match) continue;
    const host = match[2]!.toLowerCase().replace(/^\{s\}\./, '*.');
    origins.add(`${match[1]!.toLowerCase()}://${host}`);
  }
  return [...origins];
}
