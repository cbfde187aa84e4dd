import { Button, Card, InputGroup } from '@blueprintjs/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { galleryImageSchema, type GalleryImage } from '@cafe/contracts';
import { useEffect, useRef } from 'react';
import { useForm } from 'react-hook-form';
import { bpRegister } from '../../../components/bp-register';
import { FloppyDiskIcon, LinkIcon } from '../../../components/content-icons';
import { Field } from '../../../components/form/field';
import { useAddGalleryImage, useUpdateGalleryImage } from '../api/manage-gallery';

/** Add an image by its URL, or (when `editing` is set) change an image's URL and alt text. */
export function GalleryUrlForm({ editing, onDone }: { editing: GalleryImage | null; onDone: () => void }) {
  const form = useForm({ resolver: zodResolver(galleryImageSchema), defaultValues: { url: '', alt: '' } });
  const { errors } = form.formState;
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
        <Field id="gallery-url" label="Image URL" error={errors.url?.message}>
          <InputGroup
            {...bpRegister(form, 'url')}
            id="gallery-url"
            type="url"
            placeholder="https://…"
            intent={errors.url ? 'danger' : 'none'}
          />
        </Field>
        <Field id="gallery-url-alt" label="Alt text" error={errors.alt?.message}>
          <InputGroup
            {...bpRegister(form, 'alt')}
            id="gallery-url-alt"
            placeholder="What the photo shows"
            intent={errors.alt ? 'danger' : 'none'}
          />
        </Field>
        <div className="card-actions">
          <Button
            type="submit"
            intent="primary"
            icon={editing ? <FloppyDiskIcon /> : <LinkIcon />}
            loading={add.isPending || update.isPending}
            text={editing ? 'Save Changes' : 'Add Image'}
          />
          {editing ? <Button text="Cancel" variant="minimal" onClick={done} /> : null}
        </div>
      </form>
    </Card>
  );
}
