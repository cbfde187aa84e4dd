import type { UserProfile } from '@cafe/contracts';
import { handleCommand, type CommandContext } from '../platform/commands/command-handler.js';
import type { Runtime } from '../platform/runtime/runtime.js';
import { userDecider, userStream } from './user-decider.js';
import { usersProjection, type UserDoc } from './users-projection.js';

export async function recordSignIn(
  runtime: Pick<Runtime, 'eventStore' | 'clock' | 'config' | 'readModels'>,
  profile: UserProfile,
  issuer: string,
  context: CommandContext,
): Promise<void> {
  const result = await handleCommand(
    { eventStore: runtime.eventStore, clock: runtime.clock, zone: runtime.config.zone },
    userDecider,
    userStream(profile.userId),
    { type: 'RecordSignIn', profile, issuer },
    context,
  );
  if (result.position !== null) await runtime.readModels.waitFor(result.position);
}

export const usersCollection = (runtime: Pick<Runtime, 'documents'>) =>
  runtime.documents.collection<UserDoc>(usersProjection.name);
