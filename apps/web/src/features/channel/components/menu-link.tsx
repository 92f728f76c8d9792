import { isSitePath } from '@rudy/contracts';
import { NavLink } from 'react-router';

export interface NavItem {
  key: string;
  title: string;
  url: string;
  isExternal: boolean;
}

export function MenuLink({ item, className }: { item: NavItem; className?: string | undefined }) {
  // A link the channel did not mark external but that leaves the site (an https address, one
  // stored before the console checked links) is one all the same: a new tab, no opener.
  if (item.isExternal || !isSitePath(item.url)) {
    return (
      <a href={item.url} className={className} target="_blank" rel="noopener noreferrer">
        {item.title}
      </a>
    );
  }
  return (
    <NavLink to={item.url} className={className} end={item.url === '/'}>
      {item.title}
    </NavLink>
  );
}
