import { inviteSummary } from '@yance/contracts/invite-rules';
import { Link } from 'react-router';
import { paths } from '@/config/paths.ts';
import { useInviteTerms } from '../api/invites.ts';

/** The member centre's line about the programme, from its settings (ADR 0069), with the way to the invitation page. */
export function InviteSummary() {
  const terms = useInviteTerms();
  if (!terms.data) return null;
  return (
    <span data-testid="invite-summary">
      {inviteSummary(terms.data)} <Link to={paths.member('invite')}>邀请好友</Link>
    </span>
  );
}
