import { Button } from '@blueprintjs/core';
import { EditIcon, TrashIcon } from './content-icons';

interface EditDeleteActionsProps {
  /** What the buttons act on, for their accessible names: 'Edit {name}', 'Delete {name}'. */
  name: string;
  onEdit: () => void;
  onDelete: () => void;
  /** Icons only (in a dense row), their words as tooltips. */
  iconOnly?: boolean;
}

/** A content card's Edit and Delete buttons. */
export function EditDeleteActions({ name, onEdit, onDelete, iconOnly }: EditDeleteActionsProps) {
  const words = (text: string) => (iconOnly ? { title: text } : { text });
  return (
    <div className="card-actions">
      <Button size="small" icon={<EditIcon />} {...words('Edit')} aria-label={`Edit ${name}`} onClick={onEdit} />
      <Button
        size="small"
        intent="danger"
        variant="outlined"
        icon={<TrashIcon />}
        {...words('Delete')}
        aria-label={`Delete ${name}`}
        onClick={onDelete}
      />
    </div>
  );
}
