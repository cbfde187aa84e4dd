/* Icons of the staff content tools, imported one by one like components/icons.ts. */
export { ArrowDownIcon } from '@blueprintjs/icons/lib/esm/generated/components/arrow-down';
export { ArrowUpIcon } from '@blueprintjs/icons/lib/esm/generated/components/arrow-up';
export { EditIcon } from '@blueprintjs/icons/lib/esm/generated/components/edit';
export { FloppyDiskIcon } from '@blueprintjs/icons/lib/esm/generated/components/floppy-disk';
export { LinkIcon } from '@blueprintjs/icons/lib/esm/generated/components/link';
export { PlusIcon } from '@blueprintjs/icons/lib/esm/generated/components/plus';
export { TrashIcon } from '@blueprintjs/icons/lib/esm/generated/components/trash';
export { UploadIcon } from '@blueprintjs/icons/lib/esm/generated/components/upload';
export { WarningSignIcon } from '@blueprintjs/icons/lib/esm/generated/components/warning-sign';
