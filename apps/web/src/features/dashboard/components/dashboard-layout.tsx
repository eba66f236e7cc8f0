/**
 * The dashboard's frame (spec section 2): a side menu and the heading 'Welcome to your Dashboard'
 * above the chosen page. On large screens the menu is always shown; on small ones it is a drawer
 * behind a button (daisyUI 'drawer' + 'lg:drawer-open'), closed by Escape, the overlay or a choice.
 */
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { NavLink } from 'react-router';
import { texts } from '@clinic/shared';
import { useAppText } from '../../../i18n/app.ts';

export type DashboardMenuItem = { to: string; label: string };

/** Every signed-in user's entries (spec section 2, Sidebar). */
export const patientMenuItems: readonly DashboardMenuItem[] = [
  { to: '/dashboard', label: 'My Appointments' },
  { to: '/dashboard/review', label: 'My Reviews' },
  { to: '/dashboard/history', label: 'My History' },
];

/**
 * Not in the spec: the patient's waitlist, after the spec's entries (the patient's and the
 * admin's, which keep their order and stay together), before the account's own pages.
 */
export const waitlistMenuItem: DashboardMenuItem = {
  to: '/dashboard/waitlist',
  label: 'My Waitlist',
};

/** Not in the spec: the medical history and consents (practice-loop.md section 6), after the waitlist. */
export const formsMenuItem: DashboardMenuItem = { to: '/dashboard/forms', label: 'My Forms' };

/** Not in the spec: the family members the account books for (practice-loop.md section 7), after the forms. */
export const familyMenuItem: DashboardMenuItem = { to: '/dashboard/family', label: 'My Family' };

/** Not in the spec: everyone's account page (name, phone, data export), after the spec's entries. */
export const profileMenuItem: DashboardMenuItem = { to: '/dashboard/profile', label: 'Profile' };

/** Not in the spec: everyone's two-step sign-in, last. */
export const securityMenuItem: DashboardMenuItem = { to: '/dashboard/security', label: 'Security' };

type DashboardLayoutProps = {
  /**
   * Entries shown after the patient's, for admins: All Users, Add a Doctor, Manage Doctors
   * (spec section 2); for the other staff roles what their role may use. The route decides the
   * role and passes them in.
   */
  adminMenuItems?: readonly DashboardMenuItem[];
  children: ReactNode;
};

const linkClass = ({ isActive }: { isActive: boolean }) => (isActive ? 'menu-active' : '');

export function DashboardLayout({ adminMenuItems = [], children }: DashboardLayoutProps) {
  const [isOpen, setIsOpen] = useState(false);
  const toggleId = useId();
  const menuId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const navRef = useRef<HTMLElement>(null);

  useEffect(() => {
    if (!isOpen) return;
    // Opened from the button (small screens): take keyboard users straight to the entries.
    navRef.current?.querySelector('a')?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setIsOpen(false);
        buttonRef.current?.focus();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [isOpen]);

  const items = [
    ...patientMenuItems,
    ...adminMenuItems,
    waitlistMenuItem,
    formsMenuItem,
    familyMenuItem,
    profileMenuItem,
    securityMenuItem,
  ];

  const t = useAppText();
  return (
    <div className="drawer mx-auto max-w-6xl lg:drawer-open">
      {/* daisyUI opens the drawer from this checkbox's state; the button below drives it. */}
      <input
        id={toggleId}
        type="checkbox"
        className="drawer-toggle"
        checked={isOpen}
        onChange={(event) => setIsOpen(event.target.checked)}
        tabIndex={-1}
        aria-hidden="true"
      />
      <div className="drawer-content flex flex-col gap-6 px-4 py-8">
        <div className="flex flex-col items-start gap-3">
          <button
            ref={buttonRef}
            type="button"
            className="btn btn-outline btn-sm lg:hidden"
            aria-expanded={isOpen}
            aria-controls={menuId}
            onClick={() => setIsOpen((open) => !open)}
          >
            {t('Dashboard menu')}
          </button>
          <h1 className="text-2xl font-semibold text-secondary">{t(texts.dashboardWelcome)}</h1>
        </div>
        {children}
      </div>
      <div className="drawer-side z-30 lg:h-auto">
        <label
          htmlFor={toggleId}
          aria-label={t('Close the dashboard menu')}
          className="drawer-overlay"
        />
        <nav
          ref={navRef}
          id={menuId}
          aria-label={t('Dashboard')}
          className="min-h-full w-64 bg-base-200 p-4 lg:min-h-0 lg:bg-transparent lg:py-8"
        >
          <ul className="menu w-full gap-1">
            {items.map((item) => (
              <li key={item.to}>
                <NavLink
                  to={item.to}
                  end={item.to === '/dashboard'}
                  className={linkClass}
                  onClick={() => setIsOpen(false)}
                >
                  {t(item.label)}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
      </div>
    </div>
  );
}
