import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import type { Editing } from '../../shared/components/admin-list';

/** The item the address names (`:gameId`, `:seriesId`): 'new', an id, or none (the list). */
export function useRoutedId(param: 'gameId' | 'seriesId' = 'gameId'): number | 'new' | null {
  const value = useParams()[param];
  if (value === 'new') return 'new';
  return /^\d{1,9}$/.test(value ?? '') ? Number(value) : null;
}

/**
 * Which game the screen edits, held by the address so a reload keeps the form open; the list is
 * `base`. Same shape as useEditing, so AdminList takes it. `item` is the named item once loaded.
 */
export function useRoutedEditing<T extends { id: number }>(
  base: string,
  id: number | 'new' | null,
  item: T | undefined,
): Editing<T> {
  const navigate = useNavigate();
  const [notice, setNotice] = useState<string | null>(null);
  return {
    editing: id === 'new' ? 'new' : id === null ? null : (item ?? null),
    notice,
    edit(next: T | 'new') {
      setNotice(null);
      void navigate(`${base}/${next === 'new' ? 'new' : next.id}`);
    },
    done(message: string | null) {
      setNotice(message);
      void navigate(base);
    },
    setNotice,
  };
}
