import { randomUUID } from 'node:crypto';
import { displayPhone, openingHoursOf, type BusinessInfoForm, type OpeningHours } from '@cafe/contracts';
import type { CommandContext, CommandRuntime } from '../platform/commands/command-runner.js';
import { runPipeline, streamOf, type CommandTx } from '../platform/commands/command-pipeline.js';
import { BUSINESS_INFO_STREAM, businessInfoDecider, type BusinessInfoState } from './business-info-decider.js';

/** Not kept in memory here: the booking rules keep their own fold of it (cafe-day's policy), which a save makes them read again. */
const businessInfoStream = () => streamOf(businessInfoDecider, BUSINESS_INFO_STREAM);

/**
 * The admin route and the demo seed both go through this. A US phone is stored as the site and the
 * e-mails show it, (262) 555-9999, however a client typed it ('2625559999').
 */
export async function updateBusinessInfo(runtime: CommandRuntime, form: BusinessInfoForm, context: CommandContext) {
  const { value, position } = await runPipeline(runtime, context, (tx) => saveBusinessInfoIn(tx, form));
  return { events: value.events, version: value.version, position };
}

/** The save, decided in the caller's pipeline (a save that also closes days decides them in the same append). */
export function saveBusinessInfoIn(tx: CommandTx, form: BusinessInfoForm) {
  const phone = form.phone ? displayPhone(form.phone) : form.phone;
  return tx.decide(businessInfoStream(), businessInfoDecider.decide, { type: 'UpdateBusinessInfo', form: { ...form, phone } });
}

/**
 * The opening hours now and once `form` is saved, decided as the save decides it (nothing written; a
 * form the decider refuses is refused here): what a save closes or shortens is known before it is made.
 */
export async function hoursChangeOf(
  runtime: CommandRuntime,
  form: BusinessInfoForm,
  context: CommandContext = { actor: { kind: 'system', name: 'hours change' }, correlationId: randomUUID(), causationId: 'hours-change' },
): Promise<{ before: OpeningHours; after: OpeningHours }> {
  const { value } = await runPipeline(runtime, context, (tx) => hoursChangeIn(tx, form));
  return value;
}

/** The same in the caller's pipeline, on the business info it loads (once: a save in the same attempt decides on it). */
export async function hoursChangeIn(tx: CommandTx, form: BusinessInfoForm): Promise<{ before: OpeningHours; after: OpeningHours }> {
  const { state } = await tx.load(businessInfoStream());
  const after = businessInfoDecider.decide({ type: 'UpdateBusinessInfo', form }, state, tx.time).reduce(businessInfoDecider.evolve, state);
  const hours = (s: BusinessInfoState) => openingHoursOf(s.status === 'set' ? s.info : {});
  return { before: hours(state), after: hours(after) };
}
