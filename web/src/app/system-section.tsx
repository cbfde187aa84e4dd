import SystemSection from '../features/system/components/system-section';
import { GuestPrivacyPanel } from '../features/guest-privacy/components/guest-privacy-panel';

/** The dashboard's System tab: the system feature's section with the guest-privacy feature's erasure panel under it. */
export default function SystemTab() {
  return <SystemSection privacy={<GuestPrivacyPanel />} />;
}
