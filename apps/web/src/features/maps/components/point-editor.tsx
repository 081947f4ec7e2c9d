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
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@/lib/api-error';
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

/** Field errors by path (`latitude`, `mapointposted.0.nombre`, ...), each a dictionary key. */
function errorsOf(issues: readonly { path: readonly PropertyKey[] | string; message: string }[]) {
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    const path = typeof issue.path === 'string' ? issue.path : issue.path.map(String).join('.');
    errors[path || '_'] ??= issue.message;
  }
  return errors;
}

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
  const [draft, setDraft] = useState(() => draftOf(point));
  const [active, setActive] = useState<LanguageKey | undefined>(point.mapointposted[0]?.idioma_cod);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [warning, setWarning] = useState<string | null>(null);
  const save = usePutMapMutation();
  const remove = useDeleteMapMutation();
  /** Changes fields and forgets their errors (a message stays only while its field is wrong as submitted). */
  const set = (patch: Partial<Draft>) => {
    setDraft((d) => ({ ...d, ...patch }));
    const keys = Object.keys(patch).map((k) => (k === 'texts' ? 'mapointposted' : k));
    setErrors((e) => Object.fromEntries(Object.entries(e).filter(([path]) => !keys.some((k) => path.startsWith(k)))));
  };
  const fieldError = (path: string) =>
    errors[path] ? { validateStatus: 'error' as const, help: t(errors[path]!) } : {};

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
      const text = Object.keys(found).find((k) => k.startsWith('mapointposted.'));
      const lang = text ? draft.texts[Number(text.split('.')[1])]?.idioma_cod : undefined;
      if (lang) setActive(lang);
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
        onError: (error) => {
          if (error instanceof ApiError && error.status === 400) {
            setErrors(errorsOf(error.body?.issues ?? [{ path: '_', message: error.body?.message ?? '' }]));
          }
        },
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
      <LanguageTabs
        texts={draft.texts}
        active={active}
        onActive={setActive}
        onChange={(texts) => set({ texts })}
        warning={warning}
        onWarning={setWarning}
        errors={errors}
      />
      {errors._ ? (
        <p className="map-editor__error" role="alert">
          {t(errors._)}
        </p>
      ) : null}
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
