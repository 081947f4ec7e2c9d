import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { LANGUAGES, type LanguageKey } from '@portal/contract/constants';
import {
  FAQ_LIMITS,
  FAQ_PACK_TYPE_CODES,
  type FaqPack,
  type PutFaqPackBody,
  putFaqPackBody,
} from '@portal/contract/faq';
import { Alert, Button, Empty, Form, Input, List, message, Popconfirm, Select, Switch } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { ImagePickerComponent } from '@/components/image-picker-type';
import { ApiError } from '@/lib/api-error';
import { useDeleteFaqPackMutation } from '../api/delete-faq-pack';
import { useDeleteFaqResponseMutation } from '../api/delete-faq-response';
import { usePutFaqPackMutation } from '../api/put-faq-pack';
import { type ResponseDraft, ResponseModal } from './response-modal';

type Draft = {
  idioma_cod: LanguageKey;
  nombre: string;
  descripcion: string;
  tipo_cod: number;
  sw_activo: boolean;
  responses: ResponseDraft[];
};

const draftOf = (pack: FaqPack): Draft => ({
  idioma_cod: pack.idioma_cod,
  nombre: pack.nombre,
  descripcion: pack.descripcion,
  tipo_cod: pack.tipo_cod,
  sw_activo: pack.sw_activo,
  responses: pack.faqpack_response.map((r) => ({
    id_response: r.id_response,
    pregunta: r.pregunta,
    respuesta: r.respuesta,
  })),
});

/** The admins' pack form (/faq/new, /faq/details/:id): the pack, its responses in a popup, reorder, delete. */
export function FaqPackEditor({ pack, ImagePicker }: { pack: FaqPack; ImagePicker: ImagePickerComponent }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [draft, setDraft] = useState(() => draftOf(pack));
  const [dirty, setDirty] = useState(false);
  const [editing, setEditing] = useState<{ index: number; response: ResponseDraft } | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [notify, holder] = message.useMessage({ top: 64 });
  const save = usePutFaqPackMutation();
  const removePack = useDeleteFaqPackMutation();
  const removeResponse = useDeleteFaqResponseMutation();
  const isNew = pack.id_faqpack === 0;

  const set = (patch: Partial<Draft>) => {
    setDraft((d) => ({ ...d, ...patch }));
    setDirty(true);
    setErrors({});
  };
  const move = (index: number, by: -1 | 1) => {
    const list = [...draft.responses];
    const [item] = list.splice(index, 1);
    list.splice(index + by, 0, item!);
    set({ responses: list });
  };
  const deleteResponse = async (index: number) => {
    const response = draft.responses[index]!;
    if (response.id_response > 0)
      await removeResponse.mutateAsync({ id: response.id_response, packId: pack.id_faqpack });
    setDraft((d) => ({ ...d, responses: d.responses.filter((_, i) => i !== index) }));
    notify.success(t('WARN_DeleteOK'));
  };
  const fieldError = (path: string) =>
    errors[path] ? { validateStatus: 'error' as const, help: t(errors[path]!) } : {};

  const submit = () => {
    const body: PutFaqPackBody = {
      idioma_cod: draft.idioma_cod,
      nombre: draft.nombre,
      descripcion: draft.descripcion,
      tipo_cod: draft.tipo_cod,
      sw_activo: draft.sw_activo,
      faqpack_response: draft.responses,
    };
    const checked = putFaqPackBody.safeParse(body);
    if (!checked.success) {
      setErrors(Object.fromEntries(checked.error.issues.map((i) => [i.path.map(String).join('.') || '_', i.message])));
      return;
    }
    save.mutate(
      { id: pack.id_faqpack, body },
      {
        onSuccess: (saved) => {
          setDirty(false);
          notify.success(t('WARN_SaveOK'));
          // After the first save the screen moves to the saved pack (spec part 2 §4).
          if (isNew) navigate(`/faq/details/${saved.id_faqpack}`, { replace: true });
        },
        onError: (error) => {
          if (error instanceof ApiError && error.status === 400) {
            const issues = error.body?.issues ?? [{ path: '_', message: error.body?.message ?? '' }];
            setErrors(Object.fromEntries(issues.map((i) => [i.path || '_', i.message])));
          }
        },
      },
    );
  };

  return (
    <Form layout="vertical" onFinish={submit} component="form" data-testid="faq-pack-form">
      {holder}
      <div className="faq-editor__grid">
        <Form.Item label={t('UI_Faq_Name')} required htmlFor="faq-name" {...fieldError('nombre')}>
          <Input
            id="faq-name"
            data-testid="faq-name"
            maxLength={FAQ_LIMITS.nameMax}
            value={draft.nombre}
            onChange={(e) => set({ nombre: e.target.value })}
          />
        </Form.Item>
        <Form.Item label={t('UI_Faq_Language')} htmlFor="faq-language">
          <Select
            id="faq-language"
            value={draft.idioma_cod}
            onChange={(idioma_cod) => set({ idioma_cod })}
            options={LANGUAGES.map((l) => ({ value: l.key, label: l.title }))}
          />
        </Form.Item>
        <Form.Item label={t('UI_Faq_Type')} htmlFor="faq-type" {...fieldError('tipo_cod')}>
          <Select
            id="faq-type"
            data-testid="faq-type"
            value={draft.tipo_cod}
            onChange={(tipo_cod) => set({ tipo_cod })}
            options={FAQ_PACK_TYPE_CODES.map((code) => ({ value: code, label: t(`UI_Faq_Type_${code}`) }))}
          />
        </Form.Item>
        <Form.Item label={t('UI_Faq_Active')} htmlFor="faq-active">
          <Switch id="faq-active" checked={draft.sw_activo} onChange={(sw_activo) => set({ sw_activo })} />
        </Form.Item>
      </div>
      <Form.Item label={t('UI_Faq_Description')} htmlFor="faq-description" {...fieldError('descripcion')}>
        <Input.TextArea
          id="faq-description"
          rows={2}
          maxLength={FAQ_LIMITS.descriptionMax}
          value={draft.descripcion}
          onChange={(e) => set({ descripcion: e.target.value })}
        />
      </Form.Item>

      <List
        header={
          <div className="faq-responses__item">
            <strong className="faq-responses__question">{t('UI_Faq_Responses')}</strong>
            <Button
              icon={<PlusOutlined />}
              onClick={() => setEditing({ index: -1, response: { id_response: 0, pregunta: '', respuesta: '' } })}
              data-testid="faq-add-response"
            >
              {t('UI_Faq_AddResponse')}
            </Button>
          </div>
        }
        bordered
        locale={{ emptyText: <Empty description={t('UI_Faq_NoResponses')} /> }}
        dataSource={draft.responses}
        renderItem={(response, index) => (
          <List.Item data-testid="faq-response">
            <div className="faq-responses__item">
              <span className="faq-responses__question">
                {response.pregunta}
                {errors[`faqpack_response.${index}.pregunta`] ? (
                  <span role="alert" style={{ color: '#b42318' }}>
                    {' '}
                    {t(errors[`faqpack_response.${index}.pregunta`]!)}
                  </span>
                ) : null}
              </span>
              <span className="faq-responses__buttons">
                <Button
                  type="text"
                  icon={<ArrowUpOutlined />}
                  aria-label={`${t('UI_Faq_MoveUp')}: ${response.pregunta}`}
                  disabled={index === 0}
                  onClick={() => move(index, -1)}
                />
                <Button
                  type="text"
                  icon={<ArrowDownOutlined />}
                  aria-label={`${t('UI_Faq_MoveDown')}: ${response.pregunta}`}
                  disabled={index === draft.responses.length - 1}
                  onClick={() => move(index, 1)}
                />
                <Button
                  type="text"
                  icon={<EditOutlined />}
                  aria-label={`${t('UI_Faq_EditResponse')}: ${response.pregunta}`}
                  onClick={() => setEditing({ index, response })}
                />
                <Popconfirm
                  title={t('WARN_DeleteResponse')}
                  okText={t('UI_Content_Delete')}
                  cancelText={t('UI_Content_Cancel')}
                  okButtonProps={{ danger: true }}
                  onConfirm={() => deleteResponse(index)}
                >
                  <Button
                    type="text"
                    danger
                    icon={<DeleteOutlined />}
                    aria-label={`${t('UI_Content_Delete')}: ${response.pregunta}`}
                  />
                </Popconfirm>
              </span>
            </div>
          </List.Item>
        )}
      />
      {errors._ ? <Alert type="error" showIcon role="alert" title={t(errors._)} style={{ marginTop: 12 }} /> : null}
      {dirty && !errors._ ? <Alert type="info" showIcon title={t('UI_Faq_Unsaved')} style={{ marginTop: 12 }} /> : null}
      <div className="faq-editor__actions">
        {isNew ? (
          <span />
        ) : (
          <Popconfirm
            title={t('WARN_DeleteFAQPack')}
            okText={t('UI_Content_Delete')}
            cancelText={t('UI_Content_Cancel')}
            okButtonProps={{ danger: true, loading: removePack.isPending }}
            onConfirm={() => removePack.mutateAsync(pack.id_faqpack).then(() => navigate('/faq/packs'))}
          >
            <Button danger icon={<DeleteOutlined />} data-testid="faq-delete-pack">
              {t('UI_Content_Delete')}
            </Button>
          </Popconfirm>
        )}
        <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="faq-save">
          {t('UI_Content_Save')}
        </Button>
      </div>
      {editing ? (
        <ResponseModal
          response={editing.response}
          isNew={editing.index < 0}
          onCancel={() => setEditing(null)}
          ImagePicker={ImagePicker}
          onAccept={(response) => {
            set({
              responses:
                editing.index < 0
                  ? [...draft.responses, response]
                  : draft.responses.map((r, i) => (i === editing.index ? response : r)),
            });
            setEditing(null);
          }}
        />
      ) : null}
    </Form>
  );
}
