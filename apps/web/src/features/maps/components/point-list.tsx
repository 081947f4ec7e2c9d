import { EditOutlined, EnvironmentOutlined, SearchOutlined, ShopOutlined } from '@ant-design/icons';
import type { MapMarkerPoint } from '@portal/contract/maps';
import { Button, Empty, Input, Tag } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';

const fold = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

type Props = {
  points: MapMarkerPoint[];
  selectedId: number | null;
  onSelect: (point: MapMarkerPoint) => void;
  /** Admins: edit a point. */
  onEdit?: (point: MapMarkerPoint) => void;
};

/** The points beside the map: a name filter (accents and case ignored) and a button per point that centres it. */
export function PointList({ points, selectedId, onSelect, onEdit }: Props) {
  const { t } = useTranslation();
  const [filter, setFilter] = useState('');
  const shown = useMemo(() => {
    const wanted = fold(filter.trim());
    if (!wanted) return points;
    return points.filter((p) => fold(`${p.nombre} ${p.store?.city ?? ''}`).includes(wanted));
  }, [points, filter]);
  return (
    <section className="maps-list" aria-label={t('UI_Map_ListLabel')}>
      <Input
        type="search"
        prefix={<SearchOutlined aria-hidden />}
        value={filter}
        onChange={(e) => setFilter(e.target.value)}
        placeholder={t('UI_Map_FilterPlaceholder')}
        aria-label={t('UI_Map_Filter')}
        data-testid="map-filter"
      />
      <p className="maps-list__count" aria-live="polite">
        {t('UI_Map_PointCount', { count: shown.length })}
      </p>
      {shown.length === 0 ? (
        <Empty
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description={t(points.length ? 'UI_Map_NoMatch' : 'UI_Map_Empty')}
        />
      ) : (
        <ul className="maps-list__items">
          {shown.map((point) => (
            <li key={point.id_mapoint} className="maps-list__item">
              <button
                type="button"
                className={`maps-list__point${point.id_mapoint === selectedId ? ' maps-list__point--selected' : ''}`}
                aria-pressed={point.id_mapoint === selectedId}
                onClick={() => onSelect(point)}
                data-testid="map-list-point"
              >
                {point.tipo === 'store' ? <ShopOutlined aria-hidden /> : <EnvironmentOutlined aria-hidden />}
                <span className="maps-list__text">
                  <span className="maps-list__name">{point.nombre}</span>
                  <span className="maps-list__place">
                    {point.store ? `${point.store.city} · ${point.store.phone ?? ''}` : t('UI_Map_Kind_point')}
                  </span>
                </span>
                {point.sw_activo ? null : <Tag>{t('UI_Map_Inactive')}</Tag>}
              </button>
              {onEdit ? (
                <Button
                  type="text"
                  icon={<EditOutlined />}
                  onClick={() => onEdit(point)}
                  aria-label={t('UI_Map_EditPoint', { name: point.nombre })}
                  data-testid="map-edit-point"
                />
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
