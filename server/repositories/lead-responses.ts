// Left only for server/http/lead-answers.ts, being rewritten elsewhere: it imports from offers.ts and ratings.ts once that lands, and this file goes.
export { acceptedArtisans, type AnswerOutcome, canWithdraw, findOffer, isCurrentOffer, leadExists, type Offer, type OfferRef } from './offers.ts'
export { leadRatings, saveRating } from './ratings.ts'
