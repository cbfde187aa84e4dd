import type { BusinessInfoForm } from '@cafe/contracts';
import { runCommand, type CommandContext, type CommandRuntime } from '../platform/commands/command-runner.js';
import { BUSINESS_INFO_STREAM, businessInfoDecider } from './business-info-decider.js';

/** The admin route and the demo seed both go through this. */
export function updateBusinessInfo(deps: CommandRuntime, form: BusinessInfoForm, context: CommandContext) {
  return runCommand(deps, businessInfoDecider, BUSINESS_INFO_STREAM, { type: 'UpdateBusinessInfo', form }, context);
}
