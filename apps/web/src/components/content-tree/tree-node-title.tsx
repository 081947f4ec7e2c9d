import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Popconfirm, Tooltip } from 'antd';
import type { KeyboardEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ContentIcon } from './content-icons';

/**
 * The tree takes Enter, Space and the arrows for its own nodes, and its Enter prevented a button's click: the actions
 * keep their keys.
 */
const keepKeys = (e: KeyboardEvent) => e.stopPropagation();

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
  /** Moves the node before its previous sibling (none for the first). */
  onMoveUp?: () => void;
  /** Moves the node after its next sibling (none for the last). */
  onMoveDown?: () => void;
};

/**
 * A tree node's title: icon, name and its actions (move up and down among its siblings, the keyboard's way to reorder
 * what the mouse drags; add inside, edit, delete after confirmation).
 */
export function TreeNodeTitle(props: Props) {
  const { id, name, icon, extra, addLabel, confirmDelete, onAdd, onEdit, onDelete, onMoveUp, onMoveDown } = props;
  const { t } = useTranslation();
  return (
    <span className="content-tree__node" data-testid={`tree-node-${id}`}>
      <span className="content-tree__name">
        <ContentIcon name={icon} /> {name}
        {extra}
      </span>
      <span className="content-tree__actions">
        <Button
          size="small"
          onKeyDown={keepKeys}
          type="text"
          icon={<ArrowUpOutlined />}
          aria-label={`${t('UI_Content_MoveUp')}: ${name}`}
          disabled={!onMoveUp}
          onClick={onMoveUp}
          data-testid={`tree-up-${id}`}
        />
        <Button
          size="small"
          onKeyDown={keepKeys}
          type="text"
          icon={<ArrowDownOutlined />}
          aria-label={`${t('UI_Content_MoveDown')}: ${name}`}
          disabled={!onMoveDown}
          onClick={onMoveDown}
          data-testid={`tree-down-${id}`}
        />
        <Tooltip title={addLabel}>
          <Button
            size="small"
            onKeyDown={keepKeys}
            type="text"
            icon={<PlusOutlined />}
            aria-label={`${addLabel}: ${name}`}
            onClick={onAdd}
          />
        </Tooltip>
        <Tooltip title={t('UI_Content_Edit')}>
          <Button
            size="small"
            onKeyDown={keepKeys}
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
            onKeyDown={keepKeys}
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
