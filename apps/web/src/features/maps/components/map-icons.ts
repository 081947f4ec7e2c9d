import type { WebContext } from '@portal/contract/constants';
import type { MapMarker } from '@portal/contract/maps';
import L from 'leaflet';
import markerIcon from 'leaflet/dist/images/marker-icon.png';
import markerIcon2x from 'leaflet/dist/images/marker-icon-2x.png';
import markerShadow from 'leaflet/dist/images/marker-shadow.png';

const cache = new Map<string, L.Icon | L.DivIcon>();

/**
 * The icon of a marker. Contexts 0 and 1 use Leaflet's pin (images bundled with the app, no CDN) tinted per
 * variant; context 2 has its own marker variant (spec part 1 §1): a round badge in the variant's colour.
 */
export function markerIconFor(context: WebContext, marker: MapMarker, store: boolean): L.Icon | L.DivIcon {
  const key = `${context}-${marker}-${store}`;
  const known = cache.get(key);
  if (known) return known;
  const icon =
    context === 2
      ? L.divIcon({
          className: `map-badge map-badge--${marker}`,
          html: `<span class="map-badge__dot">${store ? '<span class="map-badge__store"></span>' : ''}</span>`,
          iconSize: [30, 30],
          iconAnchor: [15, 15],
          popupAnchor: [0, -14],
        })
      : L.icon({
          iconUrl: markerIcon,
          iconRetinaUrl: markerIcon2x,
          shadowUrl: markerShadow,
          iconSize: [25, 41],
          iconAnchor: [12, 41],
          popupAnchor: [1, -34],
          tooltipAnchor: [16, -28],
          shadowSize: [41, 41],
          className: `map-pin map-pin--${marker}`,
        });
  cache.set(key, icon);
  return icon;
}
