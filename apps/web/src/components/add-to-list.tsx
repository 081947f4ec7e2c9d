import { BarsOutlined } from '@ant-design/icons';
import { listCalls } from '@portal/contract/lists';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Form, Input, Modal, message, Select } from 'antd';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QuantityNote, useQuantityField } from '@/components/quantity-field';
import { isApiError } from '@/lib/api-error';
import { call, callKey, invalidateCalls } from '@/lib/call';

const NEW = 0;

type What = { article: { id: number; ref: string }; fromCart?: never } | { fromCart: true; article?: never };

/**
 * "Añadir a una lista" (issue 26; decision 0080): an article of the catalogue (with its quantity) or the whole cart,
 * into one of the client's lists or a new one. Shared by the catalogue and the cart (features never import each
 * other); the lists' calls are the contract's.
 */
export function AddToList(props: What & { label?: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const label = props.label ?? t('UI_LS_AddToList');
  // The sentence of what was done outlives the dialog: the holder stays here.
  const [notify, holder] = message.useMessage({ top: 64 });
  return (
    <>
      {holder}
      <Button icon={<BarsOutlined />} onClick={() => setOpen(true)} data-testid="add-to-list">
        {label}
      </Button>
      {open ? <AddToListDialog {...props} title={label} notify={notify} onClose={() => setOpen(false)} /> : null}
    </>
  );
}

type Notify = ReturnType<typeof message.useMessage>[0];

function AddToListDialog(props: What & { title: string; notify: Notify; onClose: () => void }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const { notify } = props;
  const lists = useQuery({ queryKey: callKey(listCalls.lists), queryFn: () => call(listCalls.lists, {}) });
  const editable = (lists.data?.rows ?? []).filter((l) => l.mayEdit);
  const [target, setTarget] = useState<number | null>(null);
  const chosen = target ?? editable[0]?.id ?? NEW;
  const [name, setName] = useState('');
  const [quantity, setQuantity] = useState(1);
  const field = useQuantityField(quantity);
  const ids = { target: useId(), name: useId(), qty: useId() };

  const save = useMutation({
    mutationFn: async () => {
      const value = props.article ? field.commit().value : 0;
      setQuantity(value);
      const lines = props.article ? { lines: [{ articleId: props.article.id, quantity: value }] } : { fromCart: true };
      return chosen === NEW
        ? call(listCalls.create, { body: { name, ...lines } }, { silent: [400] })
        : call(listCalls.addLines, { params: { id: chosen }, body: lines }, { silent: [400] });
    },
    onSuccess: (answer) => {
      invalidateCalls(client, listCalls.lists, listCalls.detail);
      void notify.success(t('UI_LS_AddedTo', { name: answer.list.name }));
      if (answer.capped.length > 0) void notify.warning(t('UI_LS_Capped'));
      props.onClose();
    },
  });
  const refusal = save.error && isApiError(save.error) ? t(save.error.body?.message ?? 'WARN_ValidationError') : null;

  return (
    <Modal
      open
      title={props.title}
      onCancel={props.onClose}
      onOk={() => save.mutate()}
      okText={t('UI_LS_Add')}
      cancelText={t('UI_LS_Cancel')}
      okButtonProps={{ loading: save.isPending, disabled: chosen === NEW && name.trim() === '' }}
      destroyOnHidden
    >
      <Form layout="vertical" onFinish={() => save.mutate()} component="div">
        <Form.Item label={t('UI_LS_Target')} htmlFor={ids.target}>
          <Select
            id={ids.target}
            value={chosen}
            loading={lists.isPending}
            onChange={setTarget}
            data-testid="add-to-list-target"
            options={[
              ...editable.map((l) => ({ value: l.id, label: l.name })),
              { value: NEW, label: t('UI_LS_NewOption') },
            ]}
          />
        </Form.Item>
        {chosen === NEW ? (
          <Form.Item label={t('UI_LS_Name')} htmlFor={ids.name}>
            <Input
              id={ids.name}
              value={name}
              maxLength={80}
              autoFocus
              onChange={(e) => setName(e.target.value)}
              onPressEnter={() => save.mutate()}
              data-testid="add-to-list-name"
            />
          </Form.Item>
        ) : null}
        {props.article ? (
          <Form.Item label={t('UI_LS_QuantityOf', { ref: props.article.ref })} htmlFor={ids.qty}>
            <Input
              {...field.inputProps}
              id={ids.qty}
              onBlur={() => setQuantity(field.commit().value)}
              onPressEnter={() => save.mutate()}
              style={{ width: 96 }}
              data-testid="add-to-list-quantity"
            />
            <QuantityNote note={field.note} id={field.noteId} />
          </Form.Item>
        ) : null}
      </Form>
      {refusal ? (
        <div role="alert" style={{ color: '#a8071a' }} data-testid="add-to-list-error">
          {refusal}
        </div>
      ) : null}
    </Modal>
  );
}
