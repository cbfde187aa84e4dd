import type { BusinessInfoForm } from '@cafe/contracts';
import { handleCommand, type CommandContext, type CommandDeps } from '../platform/commands/command-handler.js';
import { BUSINESS_INFO_STREAM, businessInfoDecider } from './business-info-decider.js';

/** The admin route and the demo seed both go through this. */
export function updateBusinessInfo(deps: CommandDeps, form: BusinessInfoForm, context: CommandContext) {
  return handleCommand(deps, businessInfoDecider, BUSINESS_INFO_STREAM, { type: 'UpdateBusinessInfo', form }, context);
}
