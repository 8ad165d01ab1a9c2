import { Link } from 'react-router';
import { EmptyState, PageHeader } from '../../components';

export default function NotFoundPage() {
  return (
    <>
      <PageHeader title="Page not found" />
      <EmptyState title="There is no page at this address.">
        <Link to="/">Go to the PINs</Link>
      </EmptyState>
    </>
  );
}
