import { Button } from '@blueprintjs/core';
import { PauseIcon, PlayIcon } from '../../../components/icons';

/** Pause/Play for an auto-advancing carousel; its name says what pressing it does. */
export function CarouselToggle({
  stopped,
  onToggle,
  what,
  className,
  outlined,
}: {
  stopped: boolean;
  onToggle: () => void;
  what: string;
  className?: string;
  /** Drawn like the prev/next buttons beside it (the reviews), not as the photo's dark chip. */
  outlined?: boolean;
}) {
  return (
    <Button
      className={className}
      variant={outlined ? 'outlined' : 'minimal'}
      icon={stopped ? <PlayIcon /> : <PauseIcon />}
      aria-label={stopped ? `Play ${what}` : `Pause ${what}`}
      onClick={onToggle}
    />
  );
}
