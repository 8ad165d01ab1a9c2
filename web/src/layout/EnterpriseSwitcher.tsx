import { useId } from 'react';
import { useEnterpriseChoice } from './enterprise-choice';

/** Shown only to someone in several Enterprises: narrows the PIN list (and overview) to one. */
export function EnterpriseSwitcher() {
  const { enterpriseId, choose, memberships } = useEnterpriseChoice();
  const id = useId();
  if (memberships.length < 2) return null;
  return (
    <div className="switcher">
      <label htmlFor={id}>Enterprise</label>
      <select
        id={id}
        value={enterpriseId === null ? '' : String(enterpriseId)}
        onChange={(e) => choose(e.target.value === '' ? null : Number(e.target.value))}
      >
        <option value="">All Enterprises</option>
        {memberships.map((m) => (
          <option key={m.enterprise.id} value={m.enterprise.id}>
            {m.enterprise.name}
            {m.role === 'owner' ? ' (owner)' : ''}
          </option>
        ))}
      </select>
    </div>
  );
}
