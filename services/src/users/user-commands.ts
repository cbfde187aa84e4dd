import type { UserProfile } from '@cafe/contracts';
import { runCommand, type CommandContext, type CommandRuntime } from '../platform/commands/command-runner.js';
import type { Runtime } from '../platform/runtime/runtime.js';
import type { GuestEraser } from '../platform/personal-data/guest-eraser.js';
import { userDecider, userStream } from './user-decider.js';
import { usersProjection, type UserDoc } from './users-projection.js';

export async function recordSignIn(runtime: CommandRuntime, profile: UserProfile, issuer: string, context: CommandContext): Promise<void> {
  await runCommand(runtime, userDecider, userStream(profile.userId), { type: 'RecordSignIn', profile, issuer }, context);
}

/** `forget`'s part for accounts: each account signed in with the guest's e-mail gets its erasure event. */
export const usersEraser: GuestEraser = {
  name: 'accounts',
  async erase(runtime, guest, context) {
    let erased = 0;
    for (const stream of guest.streams) {
      if (!stream.startsWith(USER_PREFIX)) continue;
      const { events } = await runCommand(
        runtime,
        userDecider,
        stream,
        { type: 'EraseUserPersonalData', guestKey: guest.guestKey },
        context,
      );
      if (events.length > 0) erased += 1;
    }
    return erased;
  },
};
const USER_PREFIX = userStream('');

export const usersCollection = (runtime: Pick<Runtime, 'documents'>) => runtime.documents.collection<UserDoc>(usersProjection.name);
