/** Route metadata read by the layout (useMatches). */
export interface RouteHandle {
  /** Auth and error routes are not remembered as the "last page". */
  isForgotten?: boolean;
}

export function isRouteHandle(value: unknown): value is RouteHandle {
  return typeof value === 'object' && value !== null;
}
