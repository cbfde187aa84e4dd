/** Public API of the guest-privacy feature: the erasure panel the System section shows. */
export { GuestPrivacyPanel } from './components/guest-privacy-panel';
