import { BarsOutlined } from '@ant-design/icons';
import { listCalls } from '@portal/contract/lists';
import type { ReorderKind } from '@portal/contract/quick-order';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, type ButtonProps, Form, Input, Modal, message, Select } from 'antd';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DocumentLinesChoice, type ListLineChoice, useDocumentLines } from '@/components/add-to-list-lines';
import { QuantityNote, useQuantityField } from '@/components/quantity-field';
import { isApiError } from '@/lib/api-error';
import { call, callKey, invalidateCalls } from '@/lib/call';

const NEW = 0;

/** What goes to the list: an article with a quantity typed here, the whole cart, lines given, or a document's. */
type What =
  | { article: { id: number; ref: string }; fromCart?: never; lines?: never; document?: never }
  | { fromCart: true; article?: never; lines?: never; document?: never }
  | { lines: ListLineChoice[]; article?: never; fromCart?: never; document?: never }
  | { document: { kind: ReorderKind; id: string }; article?: never; fromCart?: never; lines?: never };

/**
 * "Añadir a una lista" (issue 26; decisions 0080, 0086): an article of the catalogue (with its quantity), the whole
 * cart, quick order's resolved lines, or a document's lines (all or those chosen in the dialog), into one of the
 * client's lists or a new one. Shared by the catalogue, the cart, quick order and the document screens (features
 * never import each other); the calls are the contract's. `compact`: the documents' small link-like button.
 */
export function AddToList(props: What & { label?: string; compact?: boolean; disabled?: boolean }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const label = props.label ?? t('UI_LS_AddToList');
  // The sentence of what was done outlives the dialog: the holder stays here.
  const [notify, holder] = message.useMessage({ top: 64 });
  return (
    <>
      {holder}
      <Button
        icon={<BarsOutlined />}
        onClick={() => setOpen(true)}
        disabled={props.disabled}
        data-testid="add-to-list"
        {...(props.compact ? { type: 'link', size: 'small', className: 'doc-cell-button' } : {})}
      >
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
  const document = useDocumentLines(props.document ?? null);
  const given = props.lines ?? (props.document ? document.chosen : null);
  const ids = { target: useId(), name: useId(), qty: useId() };
  const nothing = given !== null && given.length === 0;

  const save = useMutation({
    mutationFn: async () => {
      const value = props.article ? field.commit().value : 0;
      setQuantity(value);
      const lines = props.article
        ? { lines: [{ articleId: props.article.id, quantity: value }] }
        : given
          ? { lines: given.map((l) => ({ articleId: l.articleId, quantity: l.quantity })) }
          : { fromCart: true };
      return chosen === NEW
        ? call(listCalls.create, { body: { name, ...lines } }, { silent: [400] })
        : call(listCalls.addLines, { params: { id: chosen }, body: lines }, { silent: [400] });
    },
    onSuccess: (answer) => {
      invalidateCalls(client, listCalls.lists, listCalls.detail);
      const where = { name: answer.list.name, count: answer.added };
      void notify.success(given ? t('UI_LS_LinesAddedTo', where) : t('UI_LS_AddedTo', where));
      if (answer.capped.length > 0) void notify.warning(t('UI_LS_Capped'));
      props.onClose();
    },
  });
  const submit = () => {
    if (!nothing && !document.pending && !lists.isPending) save.mutate();
  };
  const error = save.error && isApiError(save.error) ? save.error.body : null;
  const refusal = save.error ? t(error?.message ?? 'WARN_ValidationError') : null;
  // The lines the server named (`lines.<index>.…`), by their reference.
  const named = (error?.issues ?? [])
    .map((i) => /^lines\.(\d+)\./.exec(i.path)?.[1])
    .map((index) => (index !== undefined && given ? given[Number(index)]?.ref : undefined))
    .filter((ref): ref is string => ref !== undefined);

  return (
    <Modal
      open
      title={props.title}
      // Names the dialog's frame for the journeys' accessibility check, which takes a CSS selector.
      wrapProps={{ 'data-testid': 'add-to-list-dialog' }}
      onCancel={props.onClose}
      onOk={submit}
      okText={given ? t('UI_LS_AddLines', { count: given.length }) : t('UI_LS_Add')}
      cancelText={t('UI_LS_Cancel')}
      okButtonProps={
        {
          loading: save.isPending,
          disabled: nothing || document.pending || lists.isPending || (chosen === NEW && name.trim() === ''),
          'data-testid': 'add-to-list-ok',
        } as ButtonProps
      }
      destroyOnHidden
    >
      <Form layout="vertical" onFinish={submit} component="div">
        {props.lines ? <p data-testid="add-to-list-count">{t('UI_LS_LinesToAdd', { count: given?.length })}</p> : null}
        {props.document ? <DocumentLinesChoice state={document} /> : null}
        <Form.Item label={t('UI_LS_Target')} htmlFor={ids.target}>
          <Select
            id={ids.target}
            // Nothing chosen until the lists are known (a new list's field would flash, and take the focus, first).
            value={lists.isPending ? undefined : chosen}
            loading={lists.isPending}
            onChange={setTarget}
            data-testid="add-to-list-target"
            options={[
              ...editable.map((l) => ({ value: l.id, label: l.name })),
              { value: NEW, label: t('UI_LS_NewOption') },
            ]}
          />
        </Form.Item>
        {lists.isSuccess && editable.length === 0 ? (
          <p className="add-to-list-hint" data-testid="add-to-list-none">
            {t('UI_LS_NoListYet')}
          </p>
        ) : null}
        {chosen === NEW && !lists.isPending ? (
          <Form.Item label={t('UI_LS_Name')} htmlFor={ids.name}>
            <Input
              id={ids.name}
              value={name}
              maxLength={80}
              autoFocus
              onChange={(e) => setName(e.target.value)}
              onPressEnter={submit}
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
              onPressEnter={submit}
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
          {named.length > 0 ? ` ${t('UI_LS_LinesNamed', { refs: named.join(', ') })}` : null}
        </div>
      ) : null}
    </Modal>
  );
}
