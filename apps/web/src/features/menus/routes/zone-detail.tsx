import { ArrowLeftOutlined, DeleteOutlined } from '@ant-design/icons';
import { type PutZoneBody, putZoneBody, type ZoneDetail } from '@portal/contract/content-tree';
import { Button, Card, Form, Input, message, Popconfirm, Result, Skeleton } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { NamesEditor, useNamesDraft } from '@/components/content-tree/names-editor';
import { FormError } from '@/components/form-error';
import { errorsOf, type FieldErrors, showRefusal } from '@/components/form-errors';
import { ApiError } from '@/lib/api-error';
import { useDeleteZoneMutation } from '../api/delete-zone';
import { useZone } from '../api/get-zone';
import { usePutZoneMutation } from '../api/put-zone';

function ZoneForm({ zone }: { zone: ZoneDetail }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [code, setCode] = useState(zone.codigo);
  const [errors, setErrors] = useState<FieldErrors>({});
  const { names, editor } = useNamesDraft(zone.zonaposted, () => setErrors({}));
  const [notify, holder] = message.useMessage({ top: 64 });
  const save = usePutZoneMutation();
  const remove = useDeleteZoneMutation();
  const submit = () => {
    const body: PutZoneBody = { codigo: code, zonaposted: names };
    const checked = putZoneBody.safeParse(body);
    if (!checked.success) return setErrors(errorsOf(checked.error.issues));
    save.mutate(
      { id: zone.id_zona, body },
      {
        onSuccess: (saved) => {
          notify.success(t('WARN_SaveOK'));
          // After the first save the screen moves to the saved zone (spec part 2 §4).
          if (zone.id_zona === 0) navigate(`/setting/zone/${saved.id}`, { replace: true });
        },
        onError: showRefusal(setErrors),
      },
    );
  };
  return (
    <Form layout="vertical" component="form" onFinish={submit} data-testid="zone-form" style={{ maxWidth: 640 }}>
      {holder}
      <Form.Item
        label={t('UI_Zone_Code')}
        required
        htmlFor="zone-code"
        validateStatus={errors.codigo ? 'error' : undefined}
        help={errors.codigo ? t(errors.codigo) : undefined}
      >
        <Input id="zone-code" value={code} maxLength={40} onChange={(e) => setCode(e.target.value)} />
      </Form.Item>
      <Form.Item label={t('UI_Zone_Names')} required>
        <NamesEditor {...editor} idPrefix="zone" listPath="zonaposted" errors={errors} />
      </Form.Item>
      <FormError error={errors._} style={{ color: '#b42318' }} />
      <div style={{ display: 'flex', justifyContent: 'space-between', gap: 8, flexWrap: 'wrap' }}>
        {zone.id_zona > 0 ? (
          <Popconfirm
            title={t('UI_Zone_ConfirmDelete', { name: zone.codigo })}
            okText={t('UI_Content_Delete')}
            cancelText={t('UI_Content_Cancel')}
            okButtonProps={{ danger: true }}
            onConfirm={() =>
              remove
                .mutateAsync(zone.id_zona)
                .then(() => navigate('/setting/menu'))
                .catch((error: unknown) =>
                  setErrors({
                    _: error instanceof ApiError ? (error.body?.message ?? 'WARN_SaveERR') : 'WARN_SaveERR',
                  }),
                )
            }
          >
            <Button danger icon={<DeleteOutlined />}>
              {t('UI_Content_Delete')}
            </Button>
          </Popconfirm>
        ) : (
          <span />
        )}
        <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="zone-save">
          {t('UI_Content_Save')}
        </Button>
      </div>
    </Form>
  );
}

const NEW_ZONE: ZoneDetail = { id_zona: 0, codigo: '', zonaposted: [{ idioma_cod: 'es', nombre: '' }] };

/** The zone detail (spec part 2 §2 app.setting.zone.detail): its code and a name per language; `new` creates one. */
export default function ZoneDetailRoute() {
  const { t } = useTranslation();
  const { detail } = useParams();
  const id = detail === 'new' ? 0 : Number(detail);
  const zone = useZone(Number.isInteger(id) && id > 0 ? id : -1);
  const back = (
    <Link to="/setting/menu">
      <Button type="text" icon={<ArrowLeftOutlined />} tabIndex={-1}>
        {t('UI_Zone_Back')}
      </Button>
    </Link>
  );
  if (!Number.isInteger(id) || id < 0 || zone.isError)
    return <Result status="404" title={t('WARN_NotFound')} extra={back} />;
  const data = id === 0 ? NEW_ZONE : zone.data;
  return (
    <Card variant="borderless" title={id === 0 ? t('UI_Menu_NewZone') : t('UI_Title_Zone')} extra={back}>
      {data ? <ZoneForm key={data.id_zona} zone={data} /> : <Skeleton active />}
    </Card>
  );
}
