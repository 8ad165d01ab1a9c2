import { useState } from 'react';
import { NavLink, Outlet, useLocation } from 'react-router';
import { useMe } from '../api/me';
import { useRoleActions } from '../api/roles';
import { ErrorState, Loading } from '../components';
import { useLiveEvents } from '../live/use-live-events';
import { AccountMenu } from './AccountMenu';
import { EnterpriseSwitcher } from './EnterpriseSwitcher';
import { EnterpriseChoiceProvider } from './enterprise-choice';

const NAV: Array<[string, string]> = [
  ['/', 'PINs'],
  ['/players', 'Players'],
  ['/overview', 'Overview'],
  ['/keys', 'Keys'],
  ['/webhooks', 'Webhooks'],
  ['/settings', 'Settings'],
];

/** For whoever's role may read an Enterprise's audit trail (docs/roles.md, docs/audit.md). */
const AUDIT_NAV: [string, string] = ['/audit', 'Audit'];

const LIVE_WORDS = { connecting: 'Connecting…', live: 'Live', reconnecting: 'Reconnecting…', off: 'Offline' };

/**
 * The frame of every signed-in page: skip link, header with navigation, Enterprise switcher and
 * account menu, the page itself in <main>, and one polite live region for live PIN changes.
 */
export function AppLayout() {
  const me = useMe();
  const roles = useRoleActions();
  const live = useLiveEvents(me.me !== undefined);
  const [menuOpen, setMenuOpen] = useState(false);
  const location = useLocation();
  const [seenPath, setSeenPath] = useState(location.pathname);
  // Navigating closes the small-screen menu.
  if (seenPath !== location.pathname) {
    setSeenPath(location.pathname);
    setMenuOpen(false);
  }

  if (me.isPending || me.isSignedOut) {
    return (
      <main id="main" className="page page-center">
        <Loading label="Checking who is signed in…" />
      </main>
    );
  }
  if (me.isError || !me.me) {
    return (
      <main id="main" className="page page-center">
        <ErrorState
          error={me.error}
          onRetry={() => void me.refetch()}
          title="The dashboard could not start"
        />
      </main>
    );
  }

  return (
    <EnterpriseChoiceProvider>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className="app-header">
        <div className="app-header-row">
          <NavLink to="/" className="brand">
            scanpin
          </NavLink>
          <span className={`live-dot live-${live.state}`} title={`Live updates: ${LIVE_WORDS[live.state]}`}>
            <span className="visually-hidden">Live updates: </span>
            {LIVE_WORDS[live.state]}
          </span>
          <button
            type="button"
            className="btn btn-ghost menu-toggle"
            aria-expanded={menuOpen}
            aria-controls="primary-nav"
            onClick={() => setMenuOpen((o) => !o)}
          >
            Menu
          </button>
        </div>
        <nav id="primary-nav" aria-label="Main" className={menuOpen ? 'nav nav-open' : 'nav'}>
          <ul>
            {(roles.where('audit.read').length > 0 ? [...NAV, AUDIT_NAV] : NAV).map(([to, label]) => (
              <li key={to}>
                <NavLink to={to} end={to === '/'}>
                  {label}
                </NavLink>
              </li>
            ))}
          </ul>
          <div className="nav-tools">
            <EnterpriseSwitcher />
            <AccountMenu name={me.me.name} />
          </div>
        </nav>
      </header>
      <main id="main" className="page" tabIndex={-1}>
        <Outlet />
      </main>
      <div className="visually-hidden" aria-live="polite" aria-atomic="true">
        {live.announcement}
      </div>
    </EnterpriseChoiceProvider>
  );
}
