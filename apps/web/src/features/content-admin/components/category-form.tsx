import type { LanguageKey } from '@portal/contract/constants';
import { type CategoryDetail, type PutCategoryBody, putCategoryBody } from '@portal/contract/content-tree';
import { Form, Modal, Select, Skeleton } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@/lib/api-error';
import { useCategory } from '../api/get-category';
import { useNewCategory } from '../api/get-new-category';
import { usePutCategoryMutation } from '../api/put-category';
import { iconOptions } from './content-icons';
import { errorsOf } from './form-errors';
import { type NameDraft, NamesEditor } from './names-editor';

type FormProps = { category: CategoryDetail; parentId: number | null; onClose: () => void; onSaved: () => void };

function CategoryFormBody({ category, parentId, onClose, onSaved }: FormProps) {
  const { t } = useTranslation();
  const [names, setNames] = useState<NameDraft[]>(() => category.categoriaposted.map((x) => ({ ...x })));
  const [icon, setIcon] = useState<string>(category.icon ?? '');
  const [active, setActive] = useState<LanguageKey | undefined>(category.categoriaposted[0]?.idioma_cod);
  const [warning, setWarning] = useState<string | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = usePutCategoryMutation();

  const submit = () => {
    const body = {
      icon: icon === '' ? null : icon,
      parent_id: category.id_categoria === 0 ? parentId : category.parent_id,
      categoriaposted: names,
    } as PutCategoryBody;
    const checked = putCategoryBody.safeParse(body);
    if (!checked.success) {
      const found = errorsOf(checked.error.issues);
      setErrors(found);
      const bad = Object.keys(found).find((k) => k.startsWith('categoriaposted.'));
      const lang = bad ? names[Number(bad.split('.')[1])]?.idioma_cod : undefined;
      if (lang) setActive(lang);
      return;
    }
    setErrors({});
    save.mutate(
      { id: category.id_categoria, body },
      {
        onSuccess: onSaved,
        onError: (error) => {
          if (error instanceof ApiError && error.status === 400) {
            setErrors(errorsOf(error.body?.issues ?? [{ path: '_', message: error.body?.message ?? '' }]));
          }
        },
      },
    );
  };

  return (
    <Modal
      open
      title={t(
        category.id_categoria === 0 ? (parentId ? 'UI_Category_NewChild' : 'UI_Category_New') : 'UI_Category_Edit',
      )}
      onCancel={onClose}
      onOk={submit}
      okText={t('UI_Content_Save')}
      cancelText={t('UI_Content_Cancel')}
      okButtonProps={{ loading: save.isPending, id: 'category-save' }}
      destroyOnHidden
    >
      <Form layout="vertical" component="div" data-testid="category-form">
        <NamesEditor
          idPrefix="category"
          names={names}
          active={active}
          onActive={setActive}
          onChange={(next) => {
            setNames(next);
            setErrors({});
          }}
          warning={warning}
          onWarning={setWarning}
          errors={errors}
          listPath="categoriaposted"
        />
        <Form.Item
          label={t('UI_Content_Icon')}
          htmlFor="category-icon"
          validateStatus={errors.icon ? 'error' : undefined}
          help={errors.icon ? t(errors.icon) : undefined}
        >
          <Select id="category-icon" value={icon} onChange={setIcon} options={iconOptions(t('UI_Content_NoIcon'))} />
        </Form.Item>
        {errors._ ? (
          <p role="alert" style={{ color: '#b42318' }}>
            {t(errors._)}
          </p>
        ) : null}
      </Form>
    </Modal>
  );
}

type Props = {
  /** The category edited: 0 for a new one, null when closed. */
  id: number | null;
  /** Where a new category goes (null: at the root). */
  parentId: number | null;
  onClose: () => void;
  onSaved: () => void;
};

/** The category popup (spec part 2 §2 "/setting/category ... with a popup form"). */
export function CategoryForm({ id, parentId, onClose, onSaved }: Props) {
  const existing = useCategory(id);
  const fresh = useNewCategory('es', id === 0);
  const category = id === 0 ? fresh.data : existing.data;
  if (id === null) return null;
  if (!category || category.id_categoria !== id) {
    return (
      <Modal open footer={null} onCancel={onClose}>
        <Skeleton active />
      </Modal>
    );
  }
  return <CategoryFormBody key={id} category={category} parentId={parentId} onClose={onClose} onSaved={onSaved} />;
}
