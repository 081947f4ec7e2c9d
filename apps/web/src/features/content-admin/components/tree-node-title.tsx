import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Popconfirm, Tooltip } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ContentIcon } from './content-icons';

type Props = {
  id: number;
  name: string;
  icon: string | null;
  /** Extra marks after the name (a hidden menu). */
  extra?: ReactNode;
  addLabel: string;
  confirmDelete: string;
  onAdd: () => void;
  onEdit: () => void;
  onDelete: () => Promise<unknown>;
};

/** A tree node's title: icon, name and its actions (add inside, edit, delete after confirmation). */
export function TreeNodeTitle({ id, name, icon, extra, addLabel, confirmDelete, onAdd, onEdit, onDelete }: Props) {
  const { t } = useTranslation();
  return (
    <span className="content-tree__node" data-testid={`tree-node-${id}`}>
      <span className="content-tree__name">
        <ContentIcon name={icon} /> {name}
        {extra}
      </span>
      <span className="content-tree__actions">
        <Tooltip title={addLabel}>
          <Button
            size="small"
            type="text"
            icon={<PlusOutlined />}
            aria-label={`${addLabel}: ${name}`}
            onClick={onAdd}
          />
        </Tooltip>
        <Tooltip title={t('UI_Content_Edit')}>
          <Button
            size="small"
            type="text"
            icon={<EditOutlined />}
            aria-label={`${t('UI_Content_Edit')}: ${name}`}
            onClick={onEdit}
            data-testid={`tree-edit-${id}`}
          />
        </Tooltip>
        <Popconfirm
          title={confirmDelete}
          okText={t('UI_Content_Delete')}
          cancelText={t('UI_Content_Cancel')}
          okButtonProps={{ danger: true }}
          onConfirm={onDelete}
        >
          <Button
            size="small"
            type="text"
            danger
            icon={<DeleteOutlined />}
            aria-label={`${t('UI_Content_Delete')}: ${name}`}
            data-testid={`tree-delete-${id}`}
          />
        </Popconfirm>
      </span>
    </span>
  );
}
