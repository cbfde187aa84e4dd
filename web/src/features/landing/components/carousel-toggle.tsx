import { Button } from '@blueprintjs/core';
import { PauseIcon, PlayIcon } from '../../../components/icons';

/** Pause/Play for an auto-advancing carousel; its name says what pressing it does. */
export function CarouselToggle({
  stopped,
  onToggle,
  what,
  className,
}: {
  stopped: boolean;
  onToggle: () => void;
  what: string;
  className?: string;
}) {
  return (
    <Button
      className={className}
      variant="minimal"
      icon={stopped ? <PlayIcon /> : <PauseIcon />}
      aria-label={stopped ? `Play ${what}` : `Pause ${what}`}
      onClick={onToggle}
    />
  );
}
