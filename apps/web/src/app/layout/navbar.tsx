/**
 * The navbar of spec section 2. On small screens the links fold into a menu behind a button that
 * announces its state (aria-expanded), closes on Escape, on a click outside and after a choice.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { Link, NavLink } from 'react-router';
import { navLabels, landingTexts } from '@clinic/shared';
import { useCommonT } from '../../i18n/common.ts';
import { useMe } from '../../features/auth/api/get-me.ts';
import { useSignOut } from '../../features/auth/api/sign-out.ts';

type NavItem = { to: string; label: (typeof navLabels)[keyof typeof navLabels] };

const publicItems: readonly NavItem[] = [
  { to: '/', label: navLabels.home },
  { to: '/appointment', label: navLabels.appointment },
  { to: '/reviews', label: navLabels.reviews },
  { to: '/contact', label: navLabels.contactUs },
  { to: '/about', label: navLabels.about },
];

/**
 * Where Dashboard leads: the spec's /dashboard (My Appointments) for patients and the owner; the
 * screen a receptionist or a doctor works in (their roles are not in the spec).
 */
const dashboardHome: Partial<Record<string, string>> = {
  receptionist: '/dashboard/all-appointments',
  doctor: '/dashboard/my-day',
};

const activeClass = ({ isActive }: { isActive: boolean }) => (isActive ? 'menu-active' : '');

function NavItems({ onChoose }: { onChoose?: () => void }) {
  const me = useMe();
  const signOut = useSignOut();
  const t = useCommonT();
  const isSignedIn = Boolean(me.data);
  const items: readonly NavItem[] = isSignedIn
    ? [
        ...publicItems,
        { to: dashboardHome[me.data?.role ?? ''] ?? '/dashboard', label: navLabels.dashboard },
      ]
    : publicItems;

  return (
    <>
      {items.map((item) => (
        <li key={item.to}>
          <NavLink
            to={item.to}
            end={item.to === '/'}
            className={activeClass}
            onClick={onChoose}
          >
            {t(item.label)}
          </NavLink>
        </li>
      ))}
      {/* Nothing while the auth state loads, so neither choice flashes up wrongly. */}
      {isSignedIn && (
        <li>
          <button
            type="button"
            onClick={() => {
              onChoose?.();
              void signOut();
            }}
          >
            {t(navLabels.signOut)}
          </button>
        </li>
      )}
      {me.data === null && (
        <li>
          <NavLink to="/login" className={activeClass} onClick={onChoose}>
            {t(navLabels.login)}
          </NavLink>
        </li>
      )}
    </>
  );
}

function MobileMenu() {
  const t = useCommonT();
  const [isOpen, setIsOpen] = useState(false);
  const menuId = useId();
  const containerRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!isOpen) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setIsOpen(false);
        buttonRef.current?.focus();
      }
    };
    const onPointer = (event: PointerEvent) => {
      if (!containerRef.current?.contains(event.target as Node)) setIsOpen(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, [isOpen]);

  return (
    <div ref={containerRef} className="relative lg:hidden">
      <button
        ref={buttonRef}
        type="button"
        className="btn btn-ghost btn-square"
        aria-expanded={isOpen}
        aria-controls={menuId}
        onClick={() => setIsOpen((open) => !open)}
      >
        <svg
          viewBox="0 0 24 24"
          className="h-6 w-6"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          aria-hidden="true"
        >
          <path d="M4 6h16M4 12h16M4 18h16" strokeLinecap="round" />
        </svg>
        <span className="sr-only">{t('Menu')}</span>
      </button>
      {isOpen && (
        <ul
          id={menuId}
          className="menu absolute left-0 z-20 mt-2 w-56 rounded-box bg-base-100 p-2 shadow-lg"
        >
          <NavItems onChoose={() => setIsOpen(false)} />
        </ul>
      )}
    </div>
  );
}

export function Navbar() {
  const t = useCommonT();
  return (
    <nav aria-label={t('Main')} className="navbar mx-auto max-w-6xl px-4">
      <div className="navbar-start gap-1">
        <MobileMenu />
        <Link to="/" className="btn btn-ghost text-xl">
          {landingTexts.brand}
        </Link>
      </div>
      <div className="navbar-end hidden lg:flex">
        <ul className="menu menu-horizontal gap-1 px-1">
          <NavItems />
        </ul>
      </div>
    </nav>
  );
}
