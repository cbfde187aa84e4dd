import { displayPhone, openingHoursOf, type BusinessInfoEvent, type BusinessInfoForm, type OpeningHours } from '@cafe/contracts';
import type { CommandContext, CommandRuntime } from '../platform/commands/command-runner.js';
import { runPipeline, streamOf, type CommandTx } from '../platform/commands/command-pipeline.js';
import { BUSINESS_INFO_STREAM, businessInfoDecider, type BusinessInfoState } from './business-info-decider.js';

/** Not kept in memory here: the booking rules keep their own fold of it (cafe-day's policy), which a save makes them read again. */
const businessInfoStream = () => streamOf(businessInfoDecider, BUSINESS_INFO_STREAM);

const hoursOf = (state: BusinessInfoState): OpeningHours => openingHoursOf(state.status === 'set' ? state.info : {});

/** A save of the form decided in the caller's decision, not yet in its append. */
export interface BusinessInfoSaveDecision {
  events: BusinessInfoEvent[];
  /** The opening hours now and once saved: what the save closes or shortens is known before it is made. */
  before: OpeningHours;
  after: OpeningHours;
  /** Adds the events to the caller's append; answers the stream's version after them. */
  append: () => number;
}

/**
 * The save as a step of the caller's decision: loads the business info (once per attempt), decides the
 * form on it (a form the decider refuses refuses the decision) and appends nothing until `append()`, so
 * a caller that finds the save must wait (bookings to settle first) decides it and writes nothing. A US
 * phone is stored as the site and the e-mails show it, (262) 555-9999, however a client typed it.
 */
export async function decideBusinessInfoSave(tx: CommandTx, form: BusinessInfoForm): Promise<BusinessInfoSaveDecision> {
  const stream = await tx.load(businessInfoStream());
  const phone = form.phone ? displayPhone(form.phone) : form.phone;
  const events = businessInfoDecider.decide({ type: 'UpdateBusinessInfo', form: { ...form, phone } }, stream.state, tx.time);
  const after = events.reduce(businessInfoDecider.evolve, stream.state);
  return { events, before: hoursOf(stream.state), after: hoursOf(after), append: () => tx.append(stream, events) };
}

/** The save as a decision of its own (the demo seed's). */
export async function updateBusinessInfo(runtime: CommandRuntime, form: BusinessInfoForm, context: CommandContext) {
  const { value, position } = await runPipeline(runtime, context, async (tx) => {
    const save = await decideBusinessInfoSave(tx, form);
    return { events: save.events, version: save.append() };
  });
  return { ...value, position };
}
