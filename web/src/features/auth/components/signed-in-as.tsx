import { Button } from '@blueprintjs/core';
import { UserIcon } from '@blueprintjs/icons/lib/esm/generated/components/user';
import { useNavigate } from 'react-router-dom';
import { LogOutIcon } from '../../../components/icons';
import { errorDescription } from '../../../lib/api-client';
import { useLogout } from '../../../lib/auth';
import { toast } from '../../../lib/toaster';
import { useSignedInUser } from '../api/current-user';
import '../auth.css';

/** The dashboard header's account: the signed-in staff member's e-mail, and Logout beside it. */
export default function SignedInAs() {
  const user = useSignedInUser();
  const navigate = useNavigate();
  const logout = useLogout({
    onSuccess: () => {
      void toast({ title: 'Logged out successfully', intent: 'success' });
      void navigate('/admin/login', { replace: true });
    },
    onError: (error) => void toast({ title: 'Logout failed', description: errorDescription(error, 'Failed to logout'), intent: 'danger' }),
  });
  const email = user.data?.email;
  return (
    <>
      {email ? (
        <span className="signed-in-as" title={`Signed in as ${email}`}>
          <UserIcon aria-hidden="true" />
          <span className="signed-in-label">Signed in as </span>
          <span className="signed-in-email">{email}</span>
        </span>
      ) : null}
      <Button icon={<LogOutIcon />} text="Logout" loading={logout.isPending} onClick={() => logout.mutate()} />
    </>
  );
}
