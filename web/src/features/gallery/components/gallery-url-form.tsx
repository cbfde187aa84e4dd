import { Button, Card } from '@blueprintjs/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { galleryImageSchema, type GalleryImage } from '@cafe/contracts';
import { useEffect, useRef } from 'react';
import { useForm } from 'react-hook-form';
import { FloppyDiskIcon, LinkIcon } from '../../../components/content-icons';
import { TextField } from '../../../components/form/form-fields';
import { useAddGalleryImage, useUpdateGalleryImage } from '../api/manage-gallery';
import { BusyButton } from '../../../components/busy-button';
import { ErrorSummary } from '../../../components/form/error-summary';

/** Add an image by its URL, or (when `editing` is set) change an image's URL and alt text. */
export function GalleryUrlForm({ editing, onDone }: { editing: GalleryImage | null; onDone: () => void }) {
  const form = useForm({ resolver: zodResolver(galleryImageSchema), defaultValues: { url: '', alt: '' } });
  const card = useRef<HTMLDivElement>(null);
  useEffect(() => {
    form.reset(editing ? { url: editing.url, alt: editing.alt } : { url: '', alt: '' });
    if (editing) {
      card.current?.scrollIntoView({ behavior: 'smooth', block: 'center' });
      form.setFocus('url');
    }
  }, [editing, form]);
  const done = () => {
    form.reset({ url: '', alt: '' });
    onDone();
  };
  const add = useAddGalleryImage({ onSuccess: done });
  const update = useUpdateGalleryImage({ onSuccess: done });

  return (
    <Card className={`gallery-form-card${editing ? ' is-editing' : ''}`} elevation={1} ref={card}>
      <h3 id="gallery-url-title">{editing ? 'Edit Image' : 'Add Image by URL'}</h3>
      <form
        noValidate
        aria-labelledby="gallery-url-title"
        onSubmit={form.handleSubmit((input) => (editing ? update.mutate({ id: editing.id, input }) : add.mutate(input)))}
      >
        <TextField form={form} name="url" id="gallery-url" label="Image URL" type="url" placeholder="https://…" />
        <TextField form={form} name="alt" id="gallery-url-alt" label="Alt text" placeholder="What the photo shows" />
        <ErrorSummary formState={form.formState} />
        <div className="card-actions">
          <BusyButton
            type="submit"
            intent="primary"
            icon={editing ? <FloppyDiskIcon /> : <LinkIcon />}
            busy={add.isPending || update.isPending}
            text={editing ? 'Save Changes' : 'Add Image'}
          />
          {editing ? <Button text="Cancel" variant="minimal" onClick={done} /> : null}
        </div>
      </form>
    </Card>
  );
}
