import { createContext, useContext, type ReactNode } from 'react';

export interface TeamRef {
  id: number;
  name: string;
}

type RenderTeamAction = (team: TeamRef) => ReactNode;

/*
 * Event cards belong to the events feature and the favourite star to the favourites feature;
 * features never import each other. A route puts the star into every card below it through this
 * slot instead of passing it down through rails, grids and calendars.
 */
const TeamActionContext = createContext<RenderTeamAction | null>(null);

export function TeamActionProvider({
  render,
  children,
}: {
  render: RenderTeamAction;
  children: ReactNode;
}) {
  return <TeamActionContext value={render}>{children}</TeamActionContext>;
}

/** The action a card shows beside a team, or null when no route provided one. */
export function useTeamAction(): RenderTeamAction | null {
  return useContext(TeamActionContext);
}
