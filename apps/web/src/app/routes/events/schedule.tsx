import { listingRoute } from './listing-route';

export const { loader, Component } = listingRoute('schedule');
