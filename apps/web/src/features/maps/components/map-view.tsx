import type { WebContext } from '@portal/contract/constants';
import type { MapConfigResponse, MapMarkerPoint, MapTileLayer } from '@portal/contract/maps';
import type L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { LayersControl, MapContainer, Marker, Popup, TileLayer, useMap } from 'react-leaflet';
import { markerIconFor } from './map-icons';
import { PointPopup } from './point-popup';

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The attribution a tile layer asks for, as Leaflet's control shows it (HTML built from escaped text only). */
function attributionOf(layer: MapTileLayer): string {
  if (!layer.attribution) return '';
  const text = escapeHtml(layer.attribution);
  if (!layer.attributionUrl || !/^https?:\/\//i.test(layer.attributionUrl)) return text;
  return `<a href="${escapeHtml(layer.attributionUrl)}" target="_blank" rel="noopener noreferrer">${text}</a>`;
}

/** Centres the map on the point chosen in the list and opens its popup. */
function FocusPoint({
  focus,
  markers,
  zoom,
}: {
  focus: { id: number; seq: number } | null;
  markers: React.RefObject<Map<number, L.Marker>>;
  zoom: number;
}) {
  const map = useMap();
  useEffect(() => {
    if (!focus) return;
    const marker = markers.current.get(focus.id);
    if (!marker) return;
    map.setView(marker.getLatLng(), Math.max(map.getZoom(), zoom), { animate: false });
    marker.openPopup();
  }, [focus, map, markers, zoom]);
  return null;
}

type Props = {
  config: MapConfigResponse;
  points: MapMarkerPoint[];
  context: WebContext;
  focus: { id: number; seq: number } | null;
  onTilesFailed: () => void;
};

/**
 * The Leaflet map: a base layer per configured map type and per colour style (the street map drawn through a
 * CSS filter), a marker per point with its popup. Without tiles (no tile server reachable) the markers remain.
 */
export function MapView({ config, points, context, focus, onTilesFailed }: Props) {
  const { t } = useTranslation();
  const markers = useRef(new Map<number, L.Marker>());
  const street = config.layers.find((l) => l.kind === 'street');
  const tileEvents = { tileerror: onTilesFailed };
  const baseLayers = [
    ...config.layers.map((layer) => ({ key: layer.kind, name: t(`UI_Map_Type_${layer.kind}`), layer, style: '' })),
    ...(street
      ? config.styles.map((style) => ({
          key: `style-${style}`,
          name: t(`UI_Map_Style_${style}`),
          layer: street,
          style: `map-tiles--${style}`,
        }))
      : []),
  ];
  return (
    <MapContainer
      center={[config.center.lat, config.center.lng]}
      zoom={config.zoom}
      className="maps-map"
      aria-label={t('UI_Map_MapLabel')}
      worldCopyJump
    >
      <LayersControl position="topright">
        {baseLayers.map((base, index) => (
          <LayersControl.BaseLayer key={base.key} name={base.name} checked={index === 0}>
            <TileLayer
              url={base.layer.url}
              attribution={attributionOf(base.layer)}
              maxZoom={base.layer.maxZoom}
              className={base.style}
              eventHandlers={tileEvents}
            />
          </LayersControl.BaseLayer>
        ))}
      </LayersControl>
      {points.map((point) => (
        <Marker
          key={point.id_mapoint}
          position={[point.latitude, point.longitude]}
          icon={markerIconFor(context, point.marker, point.tipo === 'store')}
          title={point.nombre}
          alt={point.nombre}
          opacity={point.sw_activo ? 1 : 0.55}
          ref={(marker) => {
            if (marker) markers.current.set(point.id_mapoint, marker);
            else markers.current.delete(point.id_mapoint);
          }}
        >
          <Popup keepInView maxWidth={260} autoPanPaddingTopLeft={[12, 84]} autoPanPaddingBottomRight={[12, 28]}>
            <PointPopup point={point} />
          </Popup>
        </Marker>
      ))}
      <FocusPoint focus={focus} markers={markers} zoom={config.zoom} />
    </MapContainer>
  );
}
