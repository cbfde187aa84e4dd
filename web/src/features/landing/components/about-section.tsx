import { coverTitle, gamesCountLabel, type BusinessFacts } from '@cafe/contracts/business-facts';
import { ABOUT_PICTURE } from '../../../config/site';
import { BookIcon, LearningIcon, PeopleIcon, ShoppingCartIcon } from '../../../components/icons';
import { LazyPicture } from '../../../components/layout/lazy-picture';
import { useBusinessFacts, useGameCount, useSiteInfo } from '../../../lib/business-info';
import './landing.css';

/** The about points from the café's facts: the library's count (when known), the cover and its note, the games staff teach. */
function pointsOf(facts: BusinessFacts, gameCount: number | undefined) {
  return [
    {
      icon: <BookIcon size={20} />,
      title: gameCount ? `${gamesCountLabel(gameCount)} games` : 'Our game library',
      text: 'Classics, party games, heavy strategy and the newest releases, all on our shelves.',
    },
    { icon: <PeopleIcon size={20} />, title: coverTitle(facts.coverCharge), text: facts.coverNote },
    {
      icon: <LearningIcon size={20} />,
      title: 'Game gurus',
      text: `Our staff teach ${facts.gamesTaught > 0 ? `${facts.gamesTaught}+ games` : 'the games'}, so you can skip the rulebook and start playing.`,
    },
    {
      icon: <ShoppingCartIcon size={20} />,
      title: 'Games for sale',
      text: 'Loved it at the table? Take a copy home from our retail shelf.',
    },
  ];
}

export function AboutSection() {
  const site = useSiteInfo();
  const points = pointsOf(useBusinessFacts(), useGameCount());
  const town = site.locality?.split(',')[0];
  return (
    <section id="about" className="section section-about" aria-labelledby="about-title">
      <div className="container about-grid">
        <div className="about-text">
          <p className="eyebrow">About us</p>
          <h2 id="about-title">{town ? `Your home for game night in ${town}` : 'Your home for game night'}</h2>
          <p className="lead">
            {site.name} is a board game café and hangout{town ? ` in ${town}` : ''}. Pull up a chair, pick a game from our library, order
            something fresh from the kitchen and let the good times roll.
          </p>
          <ul className="about-points">
            {points.map((p) => (
              <li key={p.title}>
                <span className="point-icon">{p.icon}</span>
                <span>
                  <strong>{p.title}</strong>
                  {p.text ? <span className="point-text">{p.text}</span> : null}
                </span>
              </li>
            ))}
          </ul>
        </div>
        <LazyPicture className="about-image" picture={ABOUT_PICTURE} sizes="(min-width: 900px) 45vw, 100vw" fallbackWidth={800} />
      </div>
    </section>
  );
}
