import type { UserProfile } from '@cafe/contracts';
import { runCommand, type CommandContext, type CommandRuntime } from '../platform/commands/command-runner.js';
import type { Runtime } from '../platform/runtime/runtime.js';
import { userDecider, userStream } from './user-decider.js';
import { usersProjection, type UserDoc } from './users-projection.js';

export async function recordSignIn(runtime: CommandRuntime, profile: UserProfile, issuer: string, context: CommandContext): Promise<void> {
  await runCommand(runtime, userDecider, userStream(profile.userId), { type: 'RecordSignIn', profile, issuer }, context);
}

export const usersCollection = (runtime: Pick<Runtime, 'documents'>) => runtime.documents.collection<UserDoc>(usersProjection.name);
