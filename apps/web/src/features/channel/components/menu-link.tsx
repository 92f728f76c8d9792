import { NavLink } from 'react-router';

export interface NavItem {
  key: string;
  title: string;
  url: string;
  isExternal: boolean;
}

export function MenuLink({ item, className }: { item: NavItem; className?: string | undefined }) {
  if (item.isExternal) {
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
