import { Button } from '@blueprintjs/core';
import { UserIcon } from '@blueprintjs/icons/lib/esm/generated/components/user';
import { LogOutIcon } from '../../../components/icons';
import { useSignOut } from '../../../lib/use-sign-out';
import { useSignedInUser } from '../api/current-user';
import './auth.css';

/** The dashboard header's account: the signed-in staff member's e-mail, and Logout beside it. */
export default function SignedInAs() {
  const user = useSignedInUser();
  const logout = useSignOut();
  const email = user.data?.email;
  return (
    <>
      {email ? (
        <span className="signed-in-as" title={`Signed in as ${email}`}>
          <UserIcon aria-hidden="true" />
          <span className="visually-hidden">Signed in as </span>
          <span className="signed-in-email">{email}</span>
        </span>
      ) : null}
      <Button icon={<LogOutIcon />} text="Logout" loading={logout.isPending} onClick={() => logout.mutate()} />
    </>
  );
}
