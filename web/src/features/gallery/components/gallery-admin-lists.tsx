import { Button, Card, NonIdealState, Switch, Tag } from '@blueprintjs/core';
import type { GalleryImage } from '@cafe/contracts';
import { useEffect, useRef } from 'react';
import { ArrowDownIcon, ArrowUpIcon } from '../../../components/content-icons';
import { EditDeleteActions } from '../../../components/edit-delete-actions';
import { useMoveFeaturedImage, useSetImageFeatured } from '../api/manage-gallery';
import { GalleryImg } from './gallery-image';

/** Featured images in their order, each with move up / move down (the server renumbers them 0..n-1). */
export function FeaturedImages({ images }: { images: GalleryImage[] }) {
  const move = useMoveFeaturedImage();
  const featured = images.filter((i) => i.isFeatured).sort((a, b) => a.sortOrder - b.sortOrder);
  const buttons = useRef(new Map<string, HTMLButtonElement | null>());
  const moved = useRef<string | null>(null);
  const order = featured.map((i) => i.id).join();
  // Keyboard users keep their place: focus follows the image that moved (or its other button at an end).
  useEffect(() => {
    const key = moved.current;
    if (!key || move.isPending) return;
    moved.current = null;
    const [id, dir] = key.split(':');
    const target = buttons.current.get(key);
    (target && !target.disabled ? target : buttons.current.get(`${id}:${dir === 'up' ? 'down' : 'up'}`))?.focus();
  }, [order, move.isPending]);
  const moveTo = (image: GalleryImage, dir: 'up' | 'down', sortOrder: number) => {
    moved.current = `${image.id}:${dir}`;
    move.mutate({ id: image.id, sortOrder });
  };
  if (featured.length === 0) {
    return (
      <p className="muted gallery-featured-empty">
        No featured images yet. Switch on Featured for a photo below to show it first on the website.
      </p>
    );
  }
  return (
    <ol className="gallery-featured" aria-label="Featured images">
      {featured.map((image, index) => (
        <li key={image.id} className="gallery-featured-row">
          <span className="gallery-featured-place">{index + 1}</span>
          <GalleryImg url={image.thumbnailUrl} alt="" className="gallery-featured-thumb" width={72} height={54} />
          <span className="gallery-featured-alt">{image.alt}</span>
          <div className="card-actions">
            <Button
              size="small"
              icon={<ArrowUpIcon />}
              aria-label={`Move ${image.alt} up`}
              title="Move up"
              ref={(el) => void buttons.current.set(`${image.id}:up`, el)}
              disabled={index === 0 || move.isPending}
              onClick={() => moveTo(image, 'up', index - 1)}
            />
            <Button
              size="small"
              icon={<ArrowDownIcon />}
              aria-label={`Move ${image.alt} down`}
              title="Move down"
              ref={(el) => void buttons.current.set(`${image.id}:down`, el)}
              disabled={index === featured.length - 1 || move.isPending}
              onClick={() => moveTo(image, 'down', index + 1)}
            />
          </div>
        </li>
      ))}
    </ol>
  );
}

interface AllImagesProps {
  images: GalleryImage[];
  onEdit: (image: GalleryImage) => void;
  onDelete: (image: GalleryImage) => void;
}

/** Every image, with its featured switch, edit and delete. */
export function AllImages({ images, onEdit, onDelete }: AllImagesProps) {
  const featured = useSetImageFeatured();
  if (images.length === 0) {
    return <NonIdealState title="No gallery images" description="Upload the first photo, or add one by its URL." />;
  }
  return (
    <ul className="gallery-admin-grid" aria-label="All images">
      {images.map((image) => (
        <li key={image.id}>
          <Card className="gallery-admin-card" elevation={1}>
            <div className="gallery-admin-thumb">
              <GalleryImg url={image.thumbnailUrl} alt={image.alt} width={480} height={360} loading="lazy" decoding="async" />
              {image.isVisible ? null : <Tag className="gallery-hidden-tag">Hidden</Tag>}
            </div>
            <p className="gallery-admin-alt" title={image.alt}>
              {image.alt}
            </p>
            <Switch
              label="Featured"
              checked={image.isFeatured}
              disabled={featured.isPending && featured.variables?.id === image.id}
              aria-label={`Featured: ${image.alt}`}
              onChange={(e) => featured.mutate({ id: image.id, isFeatured: e.currentTarget.checked })}
            />
            <EditDeleteActions name={image.alt} onEdit={() => onEdit(image)} onDelete={() => onDelete(image)} />
          </Card>
        </li>
      ))}
    </ul>
  );
}
