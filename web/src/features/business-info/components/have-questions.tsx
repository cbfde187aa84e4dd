import { AnchorButton } from '@blueprintjs/core';
import { PhoneIcon } from '../../../components/icons';
import { telHref, useSiteInfo } from '../../../lib/business-info';
import './business-info.css';

export function HaveQuestions() {
  const { phone } = useSiteInfo();
  return (
    <section className="section section-questions" aria-labelledby="questions-title">
      <div className="container questions">
        <div>
          <h2 id="questions-title">Have Questions?</h2>
          <p>Not sure which game to pick, or planning something big? Give us a call. We love talking games.</p>
        </div>
        <AnchorButton href={telHref(phone)} size="large" icon={<PhoneIcon />} text={`Call ${phone}`} />
      </div>
    </section>
  );
}
