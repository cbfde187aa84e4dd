import { Callout, Card, FileInput, ProgressBar } from '@blueprintjs/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { IMAGE_FILE_REQUIRED, IMAGE_TYPE_MESSAGE, galleryUploadSchema } from '@cafe/contracts';
import { useState, type DragEvent } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { UploadIcon } from '../../../components/content-icons';
import { errorAria, Field } from '../../../components/form/field';
import { TextField } from '../../../components/form/form-fields';
import { errorDescription } from '../../../lib/api-client';
import { useUploadGalleryImage } from '../api/manage-gallery';
import { BusyButton } from '../../../components/busy-button';
import { ErrorSummary } from '../../../components/form/error-summary';

/** The contract's text part plus the file, which only the browser holds. */
const uploadFormSchema = galleryUploadSchema.extend({
  image: z
    .custom<File>((v) => typeof File !== 'undefined' && v instanceof File, { error: IMAGE_FILE_REQUIRED })
    // The browser's guess from the name; the server judges the bytes themselves.
    .refine((f) => f.type === '' || f.type.startsWith('image/'), { error: IMAGE_TYPE_MESSAGE }),
});

const formatSize = (bytes: number) =>
  bytes >= 1024 * 1024 ? `${(bytes / (1024 * 1024)).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`;

/** Upload a photo: pick or drop a file, describe it, watch the progress bar. */
export function GalleryUploadForm() {
  const form = useForm({ resolver: zodResolver(uploadFormSchema), defaultValues: { alt_text: '', image: undefined as unknown as File } });
  const { errors } = form.formState;
  const [progress, setProgress] = useState<number | null>(null);
  const [dragging, setDragging] = useState(false);
  const [inputKey, setInputKey] = useState(0);
  const file = useWatch({ control: form.control, name: 'image' });
  const upload = useUploadGalleryImage({
    onSuccess: () => {
      form.reset({ alt_text: '', image: undefined as unknown as File });
      setInputKey((k) => k + 1);
      setProgress(null);
    },
    // The server's reason (a text file named .png, too large…) stays next to the file too.
    onError: (error) => {
      setProgress(null);
      form.setError('image', { message: errorDescription(error, 'An error occurred') });
    },
  });

  const choose = (picked: File | undefined) => {
    if (picked) form.setValue('image', picked, { shouldValidate: true });
  };
  const onDrop = (e: DragEvent<HTMLDivElement>) => {
    e.preventDefault();
    setDragging(false);
    choose(e.dataTransfer.files[0]);
  };

  return (
    <Card className="gallery-form-card" elevation={1}>
      <h3 id="gallery-upload-title">Upload Image</h3>
      <form
        noValidate
        aria-labelledby="gallery-upload-title"
        onSubmit={form.handleSubmit((values) => {
          setProgress(0);
          upload.mutate({ file: values.image, alt: values.alt_text, onProgress: setProgress });
        })}
      >
        <div
          className={`gallery-dropzone${dragging ? ' is-dragging' : ''}`}
          onDragOver={(e) => {
            e.preventDefault();
            setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={onDrop}
        >
          <UploadIcon size={24} />
          <p>Drag and drop a photo here, or choose one.</p>
          <Field id="gallery-file" label="Image file" error={errors.image?.message}>
            <FileInput
              key={inputKey}
              fill
              hasSelection={!!file}
              text={file ? `${file.name} (${formatSize(file.size)})` : 'Choose an image…'}
              buttonText="Browse"
              inputProps={{
                id: 'gallery-file',
                accept: 'image/*',
                name: 'image',
                ...errorAria('gallery-file', errors.image),
              }}
              onInputChange={(e) => choose(e.currentTarget.files?.[0])}
            />
          </Field>
        </div>
        <TextField form={form} name="alt_text" id="gallery-upload-alt" label="Alt text" placeholder="What the photo shows" />
        {upload.isError && !errors.image ? (
          <Callout intent="danger" role="alert">
            {errorDescription(upload.error, 'An error occurred')}
          </Callout>
        ) : null}
        <ErrorSummary formState={form.formState} />
        {/* The progress beside the button: it appears without moving anything, and reserves no empty band. */}
        <div className="gallery-submit">
          <BusyButton type="submit" intent="primary" icon={<UploadIcon />} busy={upload.isPending} text="Upload Image" />
          <div className="gallery-progress" aria-hidden={progress === null}>
            {progress !== null ? (
              <>
                <ProgressBar value={progress} intent="primary" stripes={progress < 1} aria-label="Upload progress" />
                <span className="muted">{progress < 1 ? `Uploading… ${Math.round(progress * 100)}%` : 'Processing the image…'}</span>
              </>
            ) : null}
          </div>
        </div>
      </form>
    </Card>
  );
}
