// The reservation-games slice's public face: the games a reservation asks for, as staff see them.
export { reservationGamesFeature } from './reservation-games-feature.js';
