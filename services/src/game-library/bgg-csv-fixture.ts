/**
 * A BoardGameGeek collection export as BGG writes it (its real header, in its order), for tests and the
 * e2e: `rows` owned games (objectid 100000 + i) and `notOwned` wishlist rows. Titles carry commas and quotes
 * on purpose, so the CSV quoting is exercised.
 */
export const BGG_HEADER =
  'objectname,objectid,rating,numplays,weight,own,fortrade,want,wanttobuy,wanttoplay,prevowned,preordered,wishlist,wishlistpriority,wishlistcomment,comment,conditiontext,haspartslist,wantpartslist,collid,baverage,average,avgweight,rank,numowned,objecttype,originalname,minplayers,maxplayers,playingtime,maxplaytime,minplaytime,yearpublished,bggrecplayers,bggbestplayers,bggrecagerange,bgglanguagedependence,publisherid,imageid,year,language,other,itemtype,pricepaid,pp_currency,currvalue,cv_currency,acquisitiondate,acquiredfrom,quantity,invlocation,invdate,version_publishers,version_languages,version_yearpublished,version_nickname';

const quote = (value: string | number) => {
  const text = String(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
};

export interface FixtureGame {
  title: string;
  objectid: number;
  own: 0 | 1;
  minplayers: number;
  maxplayers: number;
  playingtime: number;
  minplaytime: number;
  maxplaytime: number;
  avgweight: number;
  yearpublished: number;
  bggbestplayers: string;
  bggrecagerange: string;
}

export function fixtureGame(i: number, own: 0 | 1 = 1): FixtureGame {
  const minplayers = 1 + (i % 3);
  const maxplayers = minplayers + 1 + (i % 5);
  const minplaytime = 15 + (i % 8) * 15;
  return {
    title: i % 10 === 0 ? `Game ${i}: "Deluxe", Second Edition` : `Game ${i}`,
    objectid: 100000 + i,
    own,
    minplayers,
    maxplayers,
    playingtime: minplaytime + 30,
    minplaytime,
    maxplaytime: minplaytime + 30,
    avgweight: Math.round((1 + (i % 40) / 10) * 10000) / 10000,
    yearpublished: 1990 + (i % 35),
    bggbestplayers: String(maxplayers),
    bggrecagerange: `${8 + (i % 7)}+`,
  };
}

export function bggCollectionCsv(games: readonly FixtureGame[]): string {
  const columns = BGG_HEADER.split(',');
  const lines = games.map((g) => {
    const values: Record<string, string | number> = {
      ...g,
      objectname: g.title,
      objecttype: 'thing',
      itemtype: 'standalone',
      rating: 'N/A',
      numplays: 0,
    };
    return columns.map((c) => quote(values[c] ?? '')).join(',');
  });
  return [BGG_HEADER, ...lines].join('\r\n') + '\r\n';
}

/** `owned` owned games and `notOwned` more that are not (own=0). */
export function generatedCollection(owned: number, notOwned = 0): string {
  const games = Array.from({ length: owned + notOwned }, (_, i) => fixtureGame(i + 1, i < owned ? 1 : 0));
  return bggCollectionCsv(games);
}
