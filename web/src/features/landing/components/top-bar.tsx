import { Button, Classes, Navbar, NavbarGroup } from '@blueprintjs/core';
import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { scrollToSection } from '../../../lib/scroll';
import { CalendarIcon, CaretDownIcon, MenuIcon, PhoneIcon } from '../../../components/icons';
import { telHref, useBusinessFacts, useSiteInfo } from '../../../lib/business-info';
import { Logo } from '../../../components/layout/logo';
import { BrandName } from '../../../components/layout/brand-name';
import { Drawer } from '../../../components/layout/lazy-drawer';
import './landing.css';

type NavItem = { label: string; target: string; external?: boolean; page?: boolean };

/** The café's order link (Business Info) sits after Games; a cleared one leaves no item. */
const navOf = (orderOnlineUrl: string): NavItem[] => [
  { label: 'About', target: 'about' },
  { label: 'Games', target: '/games', page: true },
  ...(orderOnlineUrl ? [{ label: 'Order Online', target: orderOnlineUrl, external: true }] : []),
  { label: 'Parties', target: 'parties' },
  { label: 'Events', target: 'events' },
  { label: 'Gallery', target: 'gallery' },
  { label: 'Contact', target: 'contact' },
];

/** The nav items as Blueprint-styled menu links (plain markup keeps the popover engines off this page). */
/** `jump` takes over the scroll to a section (the drawer scrolls once it has closed). */
function NavLinks({ onNavigate, jump, id }: { onNavigate?: () => void; jump?: (target: string) => void; id?: string }) {
  const nav = navOf(useBusinessFacts().orderOnlineUrl);
  return (
    <ul className={`${Classes.MENU} ${Classes.LARGE} nav-menu`} id={id}>
      {nav.map((item) => (
        <li key={item.label}>
          {item.page ? (
            <Link className={Classes.MENU_ITEM} to={item.target} onClick={onNavigate}>
              <span className={Classes.FILL}>{item.label}</span>
            </Link>
          ) : item.external ? (
            <a className={Classes.MENU_ITEM} href={item.target} target="_blank" rel="noopener" onClick={onNavigate}>
              <span className={Classes.FILL}>{item.label}</span>
            </a>
          ) : (
            <a
              className={Classes.MENU_ITEM}
              href={`#${item.target}`}
              onClick={(e) => {
                e.preventDefault();
                if (jump) return jump(item.target);
                onNavigate?.();
                requestAnimationFrame(() => scrollToSection(item.target));
              }}
            >
              <span className={Classes.FILL}>{item.label}</span>
            </a>
          )}
        </li>
      ))}
    </ul>
  );
}

/** Explore ▾: a disclosure menu that closes on Escape, an outside click or a choice. */
function ExploreDropdown() {
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const listId = useId();
  useEffect(() => {
    if (!open) return;
    const onPointer = (e: PointerEvent) => {
      if (!root.current?.contains(e.target as Node)) setOpen(false);
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        setOpen(false);
        button.current?.focus();
      }
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);
  return (
    <div
      className="explore desktop-only"
      ref={root}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget)) setOpen(false);
      }}
    >
      <Button
        ref={button}
        variant="minimal"
        endIcon={<CaretDownIcon />}
        text="Explore"
        className="explore-button"
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen((o) => !o)}
      />
      {open ? (
        <div className="explore-panel">
          <NavLinks id={listId} onNavigate={() => setOpen(false)} />
        </div>
      ) : null}
    </div>
  );
}

/** Sticky top bar: the café's name and phone, Reserve Table, the Explore dropdown, and on phones a short Reserve button and a menu. */
export function TopBar() {
  const site = useSiteInfo();
  const [drawerOpen, setDrawerOpen] = useState(false);
  // A section chosen in the drawer is scrolled to, and focused, once the drawer has closed: Blueprint
  // gives the focus back to the menu button when the closing animation ends, which would undo the jump.
  const pendingJump = useRef<string | null>(null);
  // Arriving with a section in the address (/#reservations from a booking page or an e-mail): the section
  // mounts after the first paint, so the browser's own jump finds nothing.
  useEffect(() => {
    if (window.location.hash.length > 1) scrollToSection(window.location.hash, { focus: false });
  }, []);
  const jumpFromDrawer = (target: string) => {
    pendingJump.current = target;
    setDrawerOpen(false);
  };
  return (
    <header className="topbar" data-topbar>
      <Navbar className="topbar-nav">
        <div className="topbar-inner">
          <NavbarGroup align="left">
            <a className="brand" href="/">
              <Logo />
              <BrandName name={site.name} />
            </a>
          </NavbarGroup>
          <NavbarGroup align="right" className="topbar-actions">
            <a className="topbar-phone desktop-only" href={telHref(site.phone)}>
              <PhoneIcon /> {site.phone}
            </a>
            <ExploreDropdown />
            <Button
              intent="primary"
              className="desktop-only"
              icon={<CalendarIcon />}
              text="Reserve Table"
              onClick={() => scrollToSection('reservations')}
            />
            <Button intent="primary" className="mobile-only" text="Reserve" onClick={() => scrollToSection('reservations')} />
            <Button
              variant="minimal"
              className="mobile-only menu-button"
              icon={<MenuIcon size={20} />}
              aria-label="Open menu"
              aria-expanded={drawerOpen}
              onClick={() => setDrawerOpen(true)}
            />
          </NavbarGroup>
        </div>
      </Navbar>
      <Drawer
        isOpen={drawerOpen}
        onClose={() => setDrawerOpen(false)}
        onClosed={() => {
          const target = pendingJump.current;
          pendingJump.current = null;
          if (target) scrollToSection(target);
        }}
        title="Menu"
        size="78%"
        className="mobile-drawer"
        position="right"
      >
        <nav className="drawer-body" aria-label="Site">
          <NavLinks onNavigate={() => setDrawerOpen(false)} jump={jumpFromDrawer} />
          <Button
            intent="primary"
            fill
            size="large"
            icon={<CalendarIcon />}
            text="Reserve Table"
            onClick={() => jumpFromDrawer('reservations')}
          />
          <a className="drawer-phone" href={telHref(site.phone)}>
            <PhoneIcon /> Call {site.phone}
          </a>
        </nav>
      </Drawer>
    </header>
  );
}
