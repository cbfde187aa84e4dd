import type { UserProfile } from '@cafe/contracts';
import type { CommandContext, CommandRuntime } from '../platform/commands/command-runner.js';
import { runPipeline, streamOf } from '../platform/commands/command-pipeline.js';
import type { Runtime } from '../platform/runtime/runtime.js';
import type { GuestEraser } from '../platform/personal-data/guest-eraser.js';
import { userDecider, userStream } from './user-decider.js';
import { usersProjection, type UserDoc } from './users-projection.js';

export async function recordSignIn(runtime: CommandRuntime, profile: UserProfile, issuer: string, context: CommandContext): Promise<void> {
  await runPipeline(runtime, context, (tx) =>
    tx.decide(streamOf(userDecider, userStream(profile.userId)), userDecider.decide, { type: 'RecordSignIn', profile, issuer }),
  );
}

/** `forget`'s part for accounts: each account signed in with the guest's e-mail gets its erasure event. */
export const usersEraser: GuestEraser = {
  name: 'accounts',
  async erase(runtime, guest, context) {
    let erased = 0;
    for (const stream of guest.streams) {
      if (!stream.startsWith(USER_PREFIX)) continue;
      const { value } = await runPipeline(runtime, context, (tx) =>
        tx.decide(streamOf(userDecider, stream), userDecider.decide, { type: 'EraseUserPersonalData', guestKey: guest.guestKey }),
      );
      if (value.events.length > 0) erased += 1;
    }
    return erased;
  },
};
const USER_PREFIX = userStream('');

export const usersCollection = (runtime: Pick<Runtime, 'documents'>) => runtime.documents.collection<UserDoc>(usersProjection.name);
