import { type CategoryDetail, type PutCategoryBody, putCategoryBody } from '@portal/contract/content-tree';
import { Form, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { iconOptions } from '@/components/content-tree/content-icons';
import { FormModal, LoadingModal } from '@/components/content-tree/form-modal';
import { NamesEditor, useNamesDraft } from '@/components/content-tree/names-editor';
import { errorsOf, type FieldErrors, showRefusal } from '@/components/form-errors';
import { useCategory } from '../api/get-category';
import { useNewCategory } from '../api/get-new-category';
import { usePutCategoryMutation } from '../api/put-category';

type FormProps = { category: CategoryDetail; parentId: number | null; onClose: () => void; onSaved: () => void };

function CategoryFormBody({ category, parentId, onClose, onSaved }: FormProps) {
  const { t } = useTranslation();
  const [errors, setErrors] = useState<FieldErrors>({});
  const { names, showErrorTab, editor } = useNamesDraft(category.categoriaposted, () => setErrors({}));
  const [icon, setIcon] = useState<string>(category.icon ?? '');
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
      showErrorTab(found, 'categoriaposted');
      return;
    }
    setErrors({});
    save.mutate(
      { id: category.id_categoria, body },
      {
        onSuccess: onSaved,
        onError: showRefusal(setErrors),
      },
    );
  };

  return (
    <FormModal
      title={t(
        category.id_categoria === 0 ? (parentId ? 'UI_Category_NewChild' : 'UI_Category_New') : 'UI_Category_Edit',
      )}
      saveId="category-save"
      saving={save.isPending}
      testId="category-form"
      error={errors._}
      onSave={submit}
      onClose={onClose}
    >
      <NamesEditor {...editor} idPrefix="category" listPath="categoriaposted" errors={errors} />
      <Form.Item
        label={t('UI_Content_Icon')}
        htmlFor="category-icon"
        validateStatus={errors.icon ? 'error' : undefined}
        help={errors.icon ? t(errors.icon) : undefined}
      >
        <Select id="category-icon" value={icon} onChange={setIcon} options={iconOptions(t('UI_Content_NoIcon'))} />
      </Form.Item>
    </FormModal>
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
  if (!category || category.id_categoria !== id) return <LoadingModal onClose={onClose} />;
  return <CategoryFormBody key={id} category={category} parentId={parentId} onClose={onClose} onSaved={onSaved} />;
}
