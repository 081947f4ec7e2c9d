import {
  LINK_MODES,
  LINK_OBJECT_CODES,
  type MenuDetail,
  type MenuLanguageKey,
  type PutMenuBody,
  putMenuBody,
  TREE_LIMITS,
  type ZoneListItem,
} from '@portal/contract/content-tree';
import { Form, Input, InputNumber, Select, Switch } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { iconOptions } from '@/components/content-tree/content-icons';
import { FormModal, LoadingModal } from '@/components/content-tree/form-modal';
import { errorsOf, type FieldErrors, fieldErrorOf, showRefusal } from '@/components/form-errors';
import { useMenu } from '../api/get-menu';
import { usePutMenuMutation } from '../api/put-menu';

/** Where a new menu goes: its language, zone and parent (null: a root of the zone). */
export type NewMenuPlace = { lang: MenuLanguageKey; zoneId: number; parentId: number | null };

const newMenu = (place: NewMenuPlace): MenuDetail => ({
  id_menu: 0,
  idioma_cod: place.lang,
  zona_id: place.zoneId,
  parent_id: place.parentId,
  nombre: '',
  icon: null,
  lnkobjeto_cod: 4,
  lnkobjeto_id: null,
  lnkmode: LINK_MODES.list,
  sw_activo: true,
});

function MenuFormBody({
  menu,
  zones,
  onClose,
  onSaved,
}: {
  menu: MenuDetail;
  zones: ZoneListItem[];
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState(menu);
  const [errors, setErrors] = useState<FieldErrors>({});
  const save = usePutMenuMutation();
  const set = (patch: Partial<MenuDetail>) => {
    setDraft((d) => ({ ...d, ...patch }));
    setErrors({});
  };
  const fieldError = fieldErrorOf(errors, t);
  const submit = () => {
    const body = {
      idioma_cod: draft.idioma_cod,
      zona_id: draft.zona_id ?? 0,
      parent_id: draft.parent_id,
      nombre: draft.nombre,
      icon: draft.icon,
      lnkobjeto_cod: draft.lnkobjeto_cod,
      lnkobjeto_id: draft.lnkmode === LINK_MODES.post ? draft.lnkobjeto_id : null,
      lnkmode: draft.lnkmode,
      sw_activo: draft.sw_activo,
    } as PutMenuBody;
    const checked = putMenuBody.safeParse(body);
    if (!checked.success) return setErrors(errorsOf(checked.error.issues));
    save.mutate(
      { id: menu.id_menu, body },
      {
        onSuccess: onSaved,
        onError: showRefusal(setErrors),
      },
    );
  };
  return (
    <FormModal
      title={t(menu.id_menu === 0 ? (menu.parent_id ? 'UI_Menu_NewChild' : 'UI_Menu_New') : 'UI_Menu_Edit')}
      saveId="menu-save"
      saving={save.isPending}
      testId="menu-form"
      error={errors._}
      onSave={submit}
      onClose={onClose}
    >
      <Form.Item label={t('UI_Menu_Title')} required htmlFor="menu-title" {...fieldError('nombre')}>
        <Input
          id="menu-title"
          data-testid="menu-title"
          maxLength={TREE_LIMITS.nameMax}
          value={draft.nombre}
          onChange={(e) => set({ nombre: e.target.value })}
        />
      </Form.Item>
      {draft.parent_id === null ? (
        <Form.Item label={t('UI_Menu_Zone')} htmlFor="menu-zone" {...fieldError('zona_id')}>
          <Select
            id="menu-zone"
            value={draft.zona_id ?? undefined}
            onChange={(zona_id) => set({ zona_id })}
            options={zones.map((z) => ({ value: z.id_zona, label: z.nombre }))}
          />
        </Form.Item>
      ) : null}
      <Form.Item label={t('UI_Menu_LinkMode')} htmlFor="menu-mode">
        <Select
          id="menu-mode"
          value={draft.lnkmode}
          onChange={(lnkmode) => set({ lnkmode })}
          options={Object.values(LINK_MODES).map((mode) => ({ value: mode, label: t(`UI_Menu_LinkMode_${mode}`) }))}
        />
      </Form.Item>
      {draft.lnkmode !== LINK_MODES.heading ? (
        <Form.Item label={t('UI_Menu_LinkKind')} htmlFor="menu-kind">
          <Select
            id="menu-kind"
            value={draft.lnkobjeto_cod}
            onChange={(lnkobjeto_cod) => set({ lnkobjeto_cod })}
            options={LINK_OBJECT_CODES.map((code) => ({ value: code, label: t(`UI_Menu_LinkKind_${code}`) }))}
          />
        </Form.Item>
      ) : null}
      {draft.lnkmode === LINK_MODES.post ? (
        <Form.Item label={t('UI_Menu_PostId')} required htmlFor="menu-post" {...fieldError('lnkobjeto_id')}>
          <InputNumber
            id="menu-post"
            min={1}
            precision={0}
            value={draft.lnkobjeto_id}
            onChange={(value) => set({ lnkobjeto_id: typeof value === 'number' ? value : null })}
          />
        </Form.Item>
      ) : null}
      <Form.Item label={t('UI_Content_Icon')} htmlFor="menu-icon" {...fieldError('icon')}>
        <Select
          id="menu-icon"
          value={draft.icon ?? ''}
          onChange={(icon) => set({ icon: icon === '' ? null : icon })}
          options={iconOptions(t('UI_Content_NoIcon'))}
        />
      </Form.Item>
      <Form.Item label={t('UI_Menu_Active')} htmlFor="menu-active">
        <Switch id="menu-active" checked={draft.sw_activo} onChange={(sw_activo) => set({ sw_activo })} />
      </Form.Item>
    </FormModal>
  );
}

type Props = {
  /** The menu edited (an id), a new one (its place), or nothing (closed). */
  editing: { id: number } | { place: NewMenuPlace } | null;
  zones: ZoneListItem[];
  onClose: () => void;
  onSaved: () => void;
};

/** The menu popup (spec part 2 §2 "/setting/menu ... with a popup form"). */
export function MenuForm({ editing, zones, onClose, onSaved }: Props) {
  const existing = useMenu(editing && 'id' in editing ? editing.id : null);
  if (!editing) return null;
  const menu = 'place' in editing ? newMenu(editing.place) : existing.data;
  if (!menu || ('id' in editing && menu.id_menu !== editing.id)) return <LoadingModal onClose={onClose} />;
  return <MenuFormBody key={menu.id_menu} menu={menu} zones={zones} onClose={onClose} onSaved={onSaved} />;
}
