import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { Loading } from '../components';

/** Shown on a first load while the page's code is still arriving. */
export function PageLoading() {
  return (
    <main id="main" className="page page-center">
      <Loading />
    </main>
  );
}

/** What a page that crashed shows instead of a blank screen. */
export function RouteError() {
  const error = useRouteError();
  const text = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : 'This page ran into a problem. Reload it, or go back to the PIN list.';
  return (
    <main id="main" className="page page-center">
      <div className="error-state" role="alert">
        <h1>Something went wrong</h1>
        <p>{text}</p>
        <p>
          <Link to="/">Back to the PINs</Link>
        </p>
      </div>
    </main>
  );
}
