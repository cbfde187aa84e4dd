import { Card } from '@blueprintjs/core';
import type { GalleryImage } from '@cafe/contracts';
import { useState } from 'react';
import { ConfirmAlert } from '../../../components/confirm-alert';
import { QueryStates, SkeletonCards } from '../../../components/content-states';
import { useAdminGallery } from '../api/get-admin-gallery';
import { useDeleteGalleryImage } from '../api/manage-gallery';
import { AllImages, FeaturedImages } from './gallery-admin-lists';
import { GalleryAccessGate } from './gallery-access';
import { GalleryUploadForm } from './gallery-upload-form';
import { GalleryUrlForm } from './gallery-url-form';
import './gallery-admin.css';

/** The dashboard's Gallery section (also at /admin/gallery-management). */
export default function GalleryAdminSection() {
  return (
    <GalleryAccessGate>
      <GalleryTools />
    </GalleryAccessGate>
  );
}

function GalleryTools() {
  const gallery = useAdminGallery();
  const [editing, setEditing] = useState<GalleryImage | null>(null);
  const [deleting, setDeleting] = useState<GalleryImage | null>(null);
  const remove = useDeleteGalleryImage({
    onSuccess: () => {
      if (editing?.id === deleting?.id) setEditing(null);
      setDeleting(null);
    },
    onError: () => setDeleting(null),
  });
  const images = gallery.data ?? [];

  return (
    <div className="content-section gallery-admin">
      <h2>Gallery</h2>
      <div className="gallery-forms">
        <GalleryUploadForm />
        <GalleryUrlForm editing={editing} onDone={() => setEditing(null)} />
      </div>
      <section className="content-area" aria-labelledby="gallery-featured-title">
        <Card elevation={1}>
          <h3 id="gallery-featured-title">Featured Images</h3>
          <p className="muted gallery-hint">Featured photos come first on the website, in this order.</p>
          {gallery.isPending ? <SkeletonCards count={1} className="gallery-featured-loading" /> : <FeaturedImages images={images} />}
        </Card>
      </section>
      <section className="content-area" aria-labelledby="gallery-all-title">
        <div className="content-area-head">
          <h3 id="gallery-all-title">All Images</h3>
          {gallery.data ? <span className="muted">{images.length === 1 ? '1 photo' : `${images.length} photos`}</span> : null}
        </div>
        <QueryStates
          pending={gallery.isPending}
          error={gallery.isError}
          onRetry={() => void gallery.refetch()}
          what="the gallery"
          skeleton={{ count: 4, className: 'gallery-admin-grid', tall: true }}
        >
          {() => <AllImages images={images} onEdit={setEditing} onDelete={setDeleting} />}
        </QueryStates>
      </section>
      <ConfirmAlert
        isOpen={deleting !== null}
        confirmText="Delete Image"
        loading={remove.isPending}
        onConfirm={() => deleting && remove.mutate(deleting)}
        onCancel={() => setDeleting(null)}
      >
        <p>Delete the photo “{deleting?.alt}” from the gallery? This cannot be undone.</p>
      </ConfirmAlert>
    </div>
  );
}
