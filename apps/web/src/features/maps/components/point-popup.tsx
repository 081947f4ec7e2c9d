import type { MapMarkerPoint } from '@portal/contract/maps';
import { useTranslation } from 'react-i18next';

/** What a marker's popup says: the name and description, and for a store its address, phone and opening hours. */
export function PointPopup({ point }: { point: MapMarkerPoint }) {
  const { t } = useTranslation();
  const store = point.store;
  return (
    <div className="map-popup" data-testid="map-popup">
      <h3 className="map-popup__title">{point.nombre}</h3>
      {point.descripcion ? <p className="map-popup__text">{point.descripcion}</p> : null}
      {store ? (
        <dl className="map-popup__store">
          <dt>{t('UI_Map_Address')}</dt>
          <dd>
            {store.street}
            <br />
            {store.zipcode} {store.city} ({store.province})
          </dd>
          {store.phone ? (
            <>
              <dt>{t('UI_Map_Phone')}</dt>
              <dd>
                <a href={`tel:${store.phone.replaceAll(' ', '')}`}>{store.phone}</a>
              </dd>
            </>
          ) : null}
          {store.opening_hours ? (
            <>
              <dt>{t('UI_Map_OpeningHours')}</dt>
              <dd>{store.opening_hours}</dd>
            </>
          ) : null}
        </dl>
      ) : null}
    </div>
  );
}
