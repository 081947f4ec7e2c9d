import { DeleteOutlined } from '@ant-design/icons';
import type { LanguageKey } from '@portal/contract/constants';
import {
  MAP_MARKERS,
  MAP_POINT_KINDS,
  type MapConfigResponse,
  type MapPointDetail,
  type PutMapBody,
  putMapBody,
} from '@portal/contract/maps';
import { Button, Drawer, Form, Input, Popconfirm, Select, Skeleton, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormError } from '@/components/form-error';
import { errorsOf, showRefusal } from '@/components/form-errors';
import { useFormDraft } from '@/components/use-form-draft';
import { useLanguageTabs } from '@/components/use-language-tabs';
import { useMediaQuery } from '@/lib/use-media-query';
import { useDeleteMapMutation } from '../api/delete-map';
import { useMap } from '../api/get-map';
import { useNewMap } from '../api/get-new-map';
import { usePutMapMutation } from '../api/put-map';
import { LanguageTabs, type TextDraft } from './language-tabs';

type Draft = {
  latitude: string;
  longitude: string;
  sw_activo: boolean;
  tipo: (typeof MAP_POINT_KINDS)[number];
  almacen: string | null;
  marker: (typeof MAP_MARKERS)[number];
  texts: TextDraft[];
};

const draftOf = (p: MapPointDetail): Draft => ({
  latitude: p.latitude === null ? '' : String(p.latitude),
  longitude: p.longitude === null ? '' : String(p.longitude),
  sw_activo: p.sw_activo,
  tipo: p.tipo,
  almacen: p.almacen,
  marker: p.marker,
  texts: p.mapointposted.map((x) => ({ ...x })),
});

function EditorForm({
  point,
  config,
  onSaved,
  onDeleted,
  notify,
}: {
  point: MapPointDetail;
  config: MapConfigResponse;
  onSaved: (id: number) => void;
  onDeleted: () => void;
  notify: (key: string) => void;
}) {
  const { t } = useTranslation();
  const { draft, set, errors, setErrors, fieldError } = useFormDraft(
    () => draftOf(point),
    (k) => (k === 'texts' ? 'mapointposted' : k),
  );
  const { tabs, showErrorTab } = useLanguageTabs(point.mapointposted[0]?.idioma_cod);
  const save = usePutMapMutation();
  const remove = useDeleteMapMutation();

  const submit = () => {
    const body: PutMapBody = {
      latitude: draft.latitude,
      longitude: draft.longitude,
      sw_activo: draft.sw_activo,
      tipo: draft.tipo,
      almacen: draft.tipo === 'store' ? draft.almacen : null,
      marker: draft.marker,
      mapointposted: draft.texts,
    };
    const checked = putMapBody.safeParse(body);
    if (!checked.success) {
      const found = errorsOf(checked.error.issues);
      setErrors(found);
      showErrorTab(found, 'mapointposted', draft.texts);
      return;
    }
    setErrors({});
    save.mutate(
      { id: point.id_mapoint, body },
      {
        onSuccess: (saved) => {
          notify('MSG_ElementSaved');
          onSaved(saved.id_mapoint);
        },
        onError: showRefusal(setErrors),
      },
    );
  };

  return (
    <Form layout="vertical" onFinish={submit} component="form" data-testid="map-point-form">
      <div className="map-editor__coordinates">
        <Form.Item label={t('UI_Map_Latitude')} required htmlFor="map-latitude" {...fieldError('latitude')}>
          <Input
            id="map-latitude"
            inputMode="decimal"
            value={draft.latitude}
            onChange={(e) => set({ latitude: e.target.value })}
            placeholder="40,416775"
            data-testid="map-latitude"
          />
        </Form.Item>
        <Form.Item label={t('UI_Map_Longitude')} required htmlFor="map-longitude" {...fieldError('longitude')}>
          <Input
            id="map-longitude"
            inputMode="decimal"
            value={draft.longitude}
            onChange={(e) => set({ longitude: e.target.value })}
            placeholder="-3,70379"
            data-testid="map-longitude"
          />
        </Form.Item>
      </div>
      <Form.Item label={t('UI_Map_Kind')} htmlFor="map-kind">
        <Select
          id="map-kind"
          value={draft.tipo}
          onChange={(tipo) => set({ tipo })}
          options={MAP_POINT_KINDS.map((k) => ({ value: k, label: t(`UI_Map_Kind_${k}`) }))}
        />
      </Form.Item>
      {draft.tipo === 'store' ? (
        <Form.Item label={t('UI_Map_Store')} required htmlFor="map-store" {...fieldError('almacen')}>
          <Select
            id="map-store"
            value={draft.almacen ?? undefined}
            onChange={(almacen) => set({ almacen })}
            showSearch={{ optionFilterProp: 'label' }}
            options={config.stores.map((s) => ({ value: s.id, label: `${s.name} (${s.id})` }))}
          />
        </Form.Item>
      ) : null}
      <Form.Item label={t('UI_Map_Marker')} htmlFor="map-marker">
        <Select
          id="map-marker"
          value={draft.marker}
          onChange={(marker) => set({ marker })}
          options={MAP_MARKERS.map((m) => ({ value: m, label: t(`UI_Map_Marker_${m}`) }))}
        />
      </Form.Item>
      <Form.Item label={t('UI_Map_Active')} htmlFor="map-active">
        <Switch id="map-active" checked={draft.sw_activo} onChange={(sw_activo) => set({ sw_activo })} />
      </Form.Item>
      <LanguageTabs {...tabs} texts={draft.texts} onChange={(texts) => set({ texts })} errors={errors} />
      <FormError error={errors._} className="map-editor__error" />
      <div className="map-editor__actions">
        {point.id_mapoint > 0 ? (
          <Popconfirm
            title={t('WARN_DeleteElement')}
            okText={t('UI_Map_Delete')}
            cancelText={t('UI_Docs_Cancel')}
            okButtonProps={{ danger: true, loading: remove.isPending }}
            onConfirm={() =>
              remove.mutateAsync(point.id_mapoint).then(() => {
                notify('WARN_DeleteOK');
                onDeleted();
              })
            }
          >
            <Button danger icon={<DeleteOutlined />} data-testid="map-delete">
              {t('UI_Map_Delete')}
            </Button>
          </Popconfirm>
        ) : (
          <span />
        )}
        <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="map-save">
          {t('UI_Map_Save')}
        </Button>
      </div>
    </Form>
  );
}

type Props = {
  /** The point edited: 0 for a new one, null when closed. */
  id: number | null;
  lang: LanguageKey;
  config: MapConfigResponse;
  onClose: () => void;
  onSaved: (id: number) => void;
  /** Shows a success message that outlives the drawer (saved, deleted). */
  notify: (key: string) => void;
};

/** Admins' editor of a map point, in a drawer beside the map (full width on a phone). */
export function PointEditor({ id, lang, config, onClose, onSaved, notify }: Props) {
  const { t } = useTranslation();
  const phone = useMediaQuery('(max-width: 600px)');
  const existing = useMap(id);
  const fresh = useNewMap(lang, id === 0);
  const point = id === 0 ? fresh.data : existing.data;
  return (
    <Drawer
      open={id !== null}
      onClose={onClose}
      size={phone ? '100%' : 520}
      title={t(id === 0 ? 'UI_Map_NewPoint' : 'UI_Map_EditTitle')}
      destroyOnHidden
    >
      {id !== null && point && point.id_mapoint === id ? (
        <EditorForm key={id} point={point} config={config} onSaved={onSaved} onDeleted={onClose} notify={notify} />
      ) : (
        <Skeleton active />
      )}
    </Drawer>
  );
}
