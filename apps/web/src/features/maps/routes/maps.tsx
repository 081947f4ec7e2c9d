import { PlusOutlined } from '@ant-design/icons';
import { type MapMarkerPoint, mapCalls } from '@portal/contract/maps';
import { Alert, Button, Card, message, Skeleton, Switch } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useUser } from '@/lib/current-user';
import { useLanguage } from '@/lib/language';
import { mayCall } from '@/lib/may-call';
import { useSite } from '@/lib/web-context';
import { useMapConfig } from '../api/get-map-config';
import { useMaps } from '../api/get-maps';
import { MapView } from '../components/map-view';
import { PointEditor } from '../components/point-editor';
import { PointList } from '../components/point-list';
import '../components/maps.css';

/**
 * /maps — the map of stores and points (spec part 2 §2): markers with their popups, a list that finds a point by
 * name and centres it; admins add, edit and delete points (and may show the inactive ones).
 */
export default function MapsRoute() {
  const { t } = useTranslation();
  const lang = useLanguage();
  const { context } = useSite();
  const { data: user } = useUser();
  // The admin bar, the edit links and the editor are for whoever may save a point (the call they lead to).
  const edits = mayCall(mapCalls.put, user);
  const [showInactive, setShowInactive] = useState(false);
  const config = useMapConfig();
  const points = useMaps(lang, edits && showInactive);
  const [focus, setFocus] = useState<{ id: number; seq: number } | null>(null);
  const [editing, setEditing] = useState<number | null>(null);
  const [tilesFailed, setTilesFailed] = useState(false);
  const [notify, holder] = message.useMessage({ top: 64 });
  const select = (point: Pick<MapMarkerPoint, 'id_mapoint'>) =>
    setFocus((f) => ({ id: point.id_mapoint, seq: (f?.seq ?? 0) + 1 }));

  return (
    <Card variant="borderless" title={t('UI_Title_Maps')}>
      {holder}
      {edits ? (
        <div className="maps-admin-bar">
          <span className="maps-admin-bar__inactive">
            <Switch
              id="map-show-inactive"
              size="small"
              checked={showInactive}
              onChange={setShowInactive}
              data-testid="map-show-inactive"
            />
            <label htmlFor="map-show-inactive">{t('UI_Map_ShowInactive')}</label>
          </span>
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing(0)} data-testid="map-new-point">
            {t('UI_Map_NewPoint')}
          </Button>
        </div>
      ) : null}
      {tilesFailed ? (
        <Alert
          type="info"
          showIcon
          title={t('UI_Map_TilesUnavailable')}
          className="maps-notice"
          data-testid="map-tiles-failed"
        />
      ) : null}
      {config.isPending || points.isPending ? (
        <Skeleton active paragraph={{ rows: 8 }} />
      ) : config.data && points.data ? (
        <div className="maps-layout">
          <div className="maps-map-wrap">
            <MapView
              config={config.data}
              points={points.data}
              context={context}
              focus={focus}
              onTilesFailed={() => setTilesFailed(true)}
            />
          </div>
          <PointList
            points={points.data}
            selectedId={focus?.id ?? null}
            onSelect={select}
            onEdit={edits ? (point) => setEditing(point.id_mapoint) : undefined}
          />
        </div>
      ) : (
        <Alert type="error" showIcon title={t('UI_Map_LoadFailed')} />
      )}
      {edits && config.data ? (
        <PointEditor
          id={editing}
          lang={lang}
          config={config.data}
          onClose={() => setEditing(null)}
          onSaved={(id) => {
            setEditing(null);
            select({ id_mapoint: id });
          }}
          notify={(key) => void notify.success({ content: t(key), duration: 4 })}
        />
      ) : null}
    </Card>
  );
}
