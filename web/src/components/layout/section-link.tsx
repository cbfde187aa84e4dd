import { AnchorButton, Button, Classes, type ButtonProps } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { scrollToSection } from '../../lib/scroll';

export const isExternal = (link: string) => /^https?:\/\//i.test(link);

type LinkButtonProps = Pick<ButtonProps, 'intent' | 'size' | 'variant' | 'className' | 'fill'> & {
  link: string;
  icon?: JSX.Element;
  endIcon?: JSX.Element;
  children: ReactNode;
};

/**
 * The site's link rule: an in-page anchor scrolls, an http link opens a new tab, anything else is
 * a route link.
 */
export function LinkButton({ link, children, icon, endIcon, ...rest }: LinkButtonProps) {
  if (link.startsWith('#')) {
    return <Button {...rest} icon={icon} endIcon={endIcon} onClick={() => scrollToSection(link)} text={children} />;
  }
  if (isExternal(link)) {
    return <AnchorButton {...rest} icon={icon} endIcon={endIcon} href={link} target="_blank" rel="noopener" text={children} />;
  }
  return (
    <Link
      to={link}
      className={[Classes.BUTTON, rest.className, Classes.intentClass(rest.intent), rest.size === 'large' ? Classes.LARGE : null]
        .filter(Boolean)
        .join(' ')}
    >
      {icon}
      <span className={Classes.BUTTON_TEXT}>{children}</span>
      {endIcon}
    </Link>
  );
}

/** An in-page link that scrolls with the top bar's offset instead of jumping. */
export function SectionAnchor({
  to,
  children,
  className,
  onNavigate,
}: {
  to: string;
  children: ReactNode;
  className?: string;
  onNavigate?: () => void;
}) {
  return (
    <a
      href={`#${to}`}
      className={className}
      onClick={(e) => {
        e.preventDefault();
        scrollToSection(to);
        onNavigate?.();
      }}
    >
      {children}
    </a>
  );
}
